package io.podtopo.app.input;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fields of a JSON tree that a fabric8 Kubernetes model type does not declare, found by walking
 * the tree beside the type's Jackson properties: objects of the model are checked member by
 * member, lists and maps element by element; plain values, model types read by a deserializer
 * of their own (such as {@code Quantity} and {@code IntOrString}) and model types without declared
 * members (free-form by design, such as {@code FieldsV1}) are not looked into.
 * fabric8 keeps unknown members in {@code additionalProperties} instead of failing, which is why
 * this walk exists.
 */
final class UnknownFields {

  private static final String MODEL_PACKAGE = "io.fabric8.kubernetes.api.model";
  private static final Map<Class<?>, Map<String, JavaType>> PROPERTIES = new ConcurrentHashMap<>();

  private UnknownFields() {}

  /** The paths of the members of {@code tree} that {@code type} does not declare, in document order. */
  static List<String> of(JsonNode tree, Class<?> type) {
    List<String> unknown = new ArrayList<>();
    walk(tree, YamlDocuments.MAPPER.constructType(type), "", unknown);
    return unknown;
  }

  private static void walk(JsonNode node, JavaType type, String path, List<String> unknown) {
    if (node == null || node.isNull()) {
      return;
    }
    if (type.isCollectionLikeType() || type.isArrayType()) {
      if (node.isArray()) {
        for (int i = 0; i < node.size(); i++) {
          walk(node.get(i), type.getContentType(), path + "[" + i + "]", unknown);
        }
      }
    } else if (type.isMapLikeType()) {
      if (node.isObject()) {
        node.fields().forEachRemaining(entry ->
            walk(entry.getValue(), type.getContentType(), join(path, entry.getKey()), unknown));
      }
    } else if (node.isObject() && isModelObject(type.getRawClass())) {
      Map<String, JavaType> properties = properties(type);
      if (properties.isEmpty()) {
        return; // free-form by design, such as managedFields' fieldsV1: every member is kept as it is
      }
      node.fields().forEachRemaining(entry -> {
        JavaType property = properties.get(entry.getKey());
        if (property == null) {
          unknown.add(join(path, entry.getKey()));
        } else {
          walk(entry.getValue(), property, join(path, entry.getKey()), unknown);
        }
      });
    }
  }

  private static boolean isModelObject(Class<?> type) {
    if (!type.getName().startsWith(MODEL_PACKAGE)) {
      return false;
    }
    JsonDeserialize custom = type.getAnnotation(JsonDeserialize.class);
    return custom == null || custom.using() == JsonDeserializer.None.class;
  }

  private static Map<String, JavaType> properties(JavaType type) {
    return PROPERTIES.computeIfAbsent(type.getRawClass(), raw -> {
      Map<String, JavaType> properties = new HashMap<>();
      for (BeanPropertyDefinition property : YamlDocuments.MAPPER.getDeserializationConfig().introspect(type)
          .findProperties()) {
        if (property.hasSetter() || property.hasField() || property.hasConstructorParameter()) {
          properties.put(property.getName(), property.getPrimaryType());
        }
      }
      return Map.copyOf(properties);
    });
  }

  private static String join(String path, String member) {
    return path.isEmpty() ? member : path + "." + member;
  }
}
