package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.topology.Device;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which PCI functions device plugins advertise, and under which extended resource name: rules of
 * {@code VENDOR DEVICE CLASS RESOURCE}, the first that matches a function wins. The format and the
 * bundled defaults (common GPUs and RDMA/SR-IOV NICs) are in {@code device-mapping.conf} beside this
 * class; {@code docs/guide/real-node.md} describes it.
 */
public final class DeviceMapping {

  private static final String DEFAULTS = "device-mapping.conf";
  private static final Pattern ID = Pattern.compile("0x[0-9a-fA-F]{4}|\\*");

  private final String source;
  private final List<Rule> rules;

  private DeviceMapping(String source, List<Rule> rules) {
    this.source = source;
    this.rules = List.copyOf(rules);
  }

  /** One rule; {@code null} fields match anything. */
  private record Rule(Integer vendor, Integer device, Integer classCode, String resource) {
    boolean matches(int vendorId, int deviceId, int classOfFunction) {
      return (vendor == null || vendor == vendorId) && (device == null || device == deviceId)
          && (classCode == null || classCode == classOfFunction);
    }
  }

  /** The bundled defaults. */
  public static DeviceMapping defaults() {
    try (InputStream in = DeviceMapping.class.getResourceAsStream(DEFAULTS)) {
      if (in == null) {
        throw new IllegalStateException("the bundled " + DEFAULTS + " is missing");
      }
      return parse(DEFAULTS, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** No rule: no PCI function is a device. */
  public static DeviceMapping none() {
    return new DeviceMapping("no mapping", List.of());
  }

  /**
   * The mapping in {@code file}.
   *
   * @throws IllegalArgumentException naming the file and line at fault, or that it cannot be read
   */
  public static DeviceMapping read(Path file) {
    try {
      return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(file + ": not UTF-8 text; a device mapping is read as UTF-8", e);
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * The mapping {@code text} holds, read from {@code source}.
   *
   * @throws IllegalArgumentException naming the source and line at fault
   */
  public static DeviceMapping parse(String source, String text) {
    List<Rule> rules = new ArrayList<>();
    String[] lines = text.split("\\R", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      int hash = line.indexOf('#');
      String content = (hash < 0 ? line : line.substring(0, hash)).strip();
      if (content.isEmpty()) {
        continue;
      }
      String where = source + ":" + (i + 1);
      String[] fields = content.split("\\s+");
      if (fields.length != 4) {
        throw new IllegalArgumentException(where + ": expected VENDOR DEVICE CLASS RESOURCE, found "
            + GoQuote.of(content));
      }
      if (!Device.isExtendedResourceName(fields[3])) {
        throw new IllegalArgumentException(where + ": " + GoQuote.of(fields[3])
            + " is not an extended resource name (a domain/name outside kubernetes.io)");
      }
      rules.add(new Rule(id(where, "vendor", fields[0]), id(where, "device", fields[1]),
          id(where, "class", fields[2]), fields[3]));
    }
    return new DeviceMapping(source, rules);
  }

  private static Integer id(String where, String what, String text) {
    if (!ID.matcher(text).matches()) {
      throw new IllegalArgumentException(where + ": " + what + " " + GoQuote.of(text)
          + " is neither 4 hex digits such as 0x10de nor *");
    }
    return text.equals("*") ? null : Integer.parseInt(text.substring(2).toLowerCase(Locale.ROOT), 16);
  }

  /**
   * The resource of a PCI function: {@code vendor} and {@code device} ids, {@code classCode} the
   * 24-bit class of its {@code class} file (only its base class and subclass count).
   */
  public Optional<String> resourceOf(int vendor, int device, int classCode) {
    int baseAndSub = classCode >>> 8;
    return rules.stream().filter(rule -> rule.matches(vendor, device, baseAndSub)).map(Rule::resource).findFirst();
  }

  /** Where the rules come from (a file, or the bundled defaults). */
  public String source() {
    return source;
  }

  @Override
  public String toString() {
    return source + " (" + rules.size() + (rules.size() == 1 ? " rule)" : " rules)");
  }
}
