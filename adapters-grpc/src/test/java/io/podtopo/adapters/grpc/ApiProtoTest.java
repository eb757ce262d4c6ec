package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.google.protobuf.DescriptorProtos.DescriptorProto.ReservedRange;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import io.podtopo.adapters.grpc.v1.PodResourcesApiProto;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The compiled {@code api.proto} is the PLRM spec's §9.1 API: package {@code v1}, service
 * {@code PodResourcesLister} with its three methods, every message with exactly the table's fields
 * (names, numbers, types, repeated), {@code ClaimResource.share_id} alone with explicit presence
 * ({@code optional}), and the removed {@code DynamicResource.class_name} reserved by number and by
 * name. This covers the messages podtopo never fills (devices, DRA), which the wire tests cannot see.
 */
class ApiProtoTest {

  private static final FileDescriptor API = PodResourcesApiProto.getDescriptor();

  @Test
  void theFileIsProto3PackageV1WithTheUpstreamGoPackage() {
    assertThat(API.getPackage()).isEqualTo("v1");
    assertThat(API.toProto().getSyntax()).isEqualTo("proto3");
    assertThat(API.getOptions().getGoPackage()).isEqualTo("k8s.io/kubelet/pkg/apis/podresources/v1");
  }

  @Test
  void theServiceIsV1PodResourcesListerWithListGetAllocatableResourcesAndGet_invariant31() {
    assertThat(API.getServices()).hasSize(1);
    assertThat(API.getServices().get(0).getFullName()).isEqualTo(Spec91.SERVICE);
    List<MethodDescriptor> methods = API.getServices().get(0).getMethods();
    assertThat(methods).extracting(MethodDescriptor::getName).containsExactlyElementsOf(Spec91.METHODS);
    assertThat(methods).extracting(m -> m.getInputType().getName() + " -> " + m.getOutputType().getName())
        .containsExactly("ListPodResourcesRequest -> ListPodResourcesResponse",
            "AllocatableResourcesRequest -> AllocatableResourcesResponse",
            "GetPodResourcesRequest -> GetPodResourcesResponse");
    assertThat(methods).noneMatch(m -> m.isClientStreaming() || m.isServerStreaming());
  }

  @Test
  void everyMessageHasExactlyTheFieldsOfTheTable_invariant31() {
    assertThat(API.getMessageTypes()).extracting(Descriptor::getName).containsExactlyInAnyOrderElementsOf(Spec91.MESSAGES);
    for (Descriptor message : API.getMessageTypes()) {
      assertThat(message.getFields()).extracting(ApiProtoTest::row).as(message.getName())
          .containsExactlyInAnyOrderElementsOf(Spec91.fields(message.getName()));
    }
  }

  @Test
  void shareIdAloneHasExplicitPresence() {
    assertThat(API.getMessageTypes().stream().flatMap(m -> m.getFields().stream())
        .filter(f -> !f.isRepeated() && f.getJavaType() != FieldDescriptor.JavaType.MESSAGE && f.hasPresence()))
        .extracting(FieldDescriptor::getFullName).containsExactly("v1.ClaimResource.share_id");
  }

  @Test
  void repeatedInt64CpuIdsArePacked() {
    for (Descriptor message : API.getMessageTypes()) {
      message.getFields().stream().filter(f -> f.getName().equals("cpu_ids"))
          .forEach(f -> assertThat(f.isPacked()).as(message.getName() + ".cpu_ids").isTrue());
    }
  }

  @Test
  void dynamicResourceKeepsTheRemovedClassNameReservedByNumberAndName() {
    var dynamicResource = API.findMessageTypeByName("DynamicResource").toProto();

    assertThat(dynamicResource.getReservedRangeList()).extracting(ReservedRange::getStart, ReservedRange::getEnd)
        .containsExactly(tuple(1, 2));
    assertThat(dynamicResource.getReservedNameList()).containsExactly("class_name");
  }

  private static Spec91.Field row(FieldDescriptor field) {
    Spec91.Kind kind = switch (field.getType()) {
      case STRING -> Spec91.Kind.STRING;
      case INT64 -> Spec91.Kind.INT64;
      case UINT64 -> Spec91.Kind.UINT64;
      case MESSAGE -> Spec91.Kind.MESSAGE;
      default -> throw new AssertionError(field.getFullName() + " has type " + field.getType() + ", not in §9.1");
    };
    return new Spec91.Field(field.getContainingType().getName(), field.getNumber(), field.getName(), kind,
        field.isRepeated(), kind == Spec91.Kind.MESSAGE ? field.getMessageType().getName() : "");
  }
}
