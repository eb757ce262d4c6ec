package io.podtopo.app.cli;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * The JUnit XML dialect CI systems read, checked with the JDK's own XML parser: the elements, their
 * children and attributes of Jenkins' {@code junit-10.xsd} (jenkinsci/xunit-plugin,
 * {@code src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd}), the schema
 * GitLab's and the GitHub Actions reporters' parsers accept as well. Its root {@code <testsuites>}
 * has no {@code skipped} attribute; counts must be whole numbers.
 */
final class JunitXmlDialect {

  private record Shape(Set<String> children, Set<String> required, Set<String> optional, boolean text) {}

  private static final Set<String> TEXT_ONLY = Set.of();
  private static final Set<String> COUNTS = Set.of("tests", "failures", "errors", "skipped");
  private static final Map<String, Shape> SHAPES = Map.of(
      "testsuites", new Shape(Set.of("testsuite"), Set.of(), Set.of("name", "time", "tests", "failures", "errors"),
          false),
      "testsuite", new Shape(Set.of("testsuite", "properties", "testcase", "system-out", "system-err"),
          Set.of("name", "tests", "failures", "errors"),
          Set.of("group", "time", "skipped", "timestamp", "hostname", "id", "package", "file", "log", "url"), false),
      "properties", new Shape(Set.of("property"), Set.of(), Set.of(), false),
      "property", new Shape(Set.of(), Set.of("name", "value"), Set.of(), false),
      "testcase", new Shape(Set.of("skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure",
          "flakyError", "system-out", "system-err"), Set.of("name"), Set.of("time", "classname", "group"), false),
      "failure", new Shape(TEXT_ONLY, Set.of(), Set.of("type", "message"), true),
      "error", new Shape(TEXT_ONLY, Set.of(), Set.of("type", "message"), true),
      "skipped", new Shape(TEXT_ONLY, Set.of(), Set.of("type", "message"), true),
      "system-out", new Shape(TEXT_ONLY, Set.of(), Set.of(), true),
      "system-err", new Shape(TEXT_ONLY, Set.of(), Set.of(), true));

  private JunitXmlDialect() {}

  /** Parses the document (its bytes as UTF-8, as a CI system reads a file) with the JDK's parser. */
  static Document parse(String xml) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new AssertionError("not well-formed XML: " + e.getMessage(), e);
    }
  }

  /** Every way the document leaves the dialect; empty when it keeps to it. */
  static List<String> violations(Document document) {
    List<String> violations = new ArrayList<>();
    Element root = document.getDocumentElement();
    if (!root.getTagName().equals("testsuites")) {
      violations.add("the root is <" + root.getTagName() + ">, not <testsuites>");
    }
    check(root, violations);
    return violations;
  }

  private static void check(Element element, List<String> violations) {
    String name = element.getTagName();
    Shape shape = SHAPES.get(name);
    if (shape == null) {
      violations.add("<" + name + "> is no element of the dialect");
      return;
    }
    NamedNodeMap attributes = element.getAttributes();
    for (int i = 0; i < attributes.getLength(); i++) {
      Attr attribute = (Attr) attributes.item(i);
      String attributeName = attribute.getName();
      if (!shape.required().contains(attributeName) && !shape.optional().contains(attributeName)) {
        violations.add("<" + name + "> has no attribute " + attributeName);
      } else if (COUNTS.contains(attributeName) && !attribute.getValue().matches("\\d+")) {
        violations.add("<" + name + " " + attributeName + "=\"" + attribute.getValue() + "\"> is not a count");
      }
    }
    shape.required().stream().filter(required -> !element.hasAttribute(required))
        .forEach(missing -> violations.add("<" + name + "> lacks its " + missing + " attribute"));
    for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
      if (child instanceof Element childElement) {
        if (!shape.children().contains(childElement.getTagName())) {
          violations.add("<" + childElement.getTagName() + "> may not be inside <" + name + ">");
        }
        check(childElement, violations);
      } else if (child.getNodeType() == Node.TEXT_NODE && !shape.text() && !child.getTextContent().isBlank()) {
        violations.add("<" + name + "> holds text");
      }
    }
  }

  /** The elements named {@code tag} anywhere in the document, in document order. */
  static List<Element> elements(Document document, String tag) {
    List<Element> elements = new ArrayList<>();
    var nodes = document.getElementsByTagName(tag);
    for (int i = 0; i < nodes.getLength(); i++) {
      elements.add((Element) nodes.item(i));
    }
    return elements;
  }

  /** The direct child elements of {@code parent} named {@code tag}. */
  static List<Element> children(Element parent, String tag) {
    List<Element> children = new ArrayList<>();
    for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
      if (child instanceof Element element && element.getTagName().equals(tag)) {
        children.add(element);
      }
    }
    return children;
  }
}
