package podkinds

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	_ "k8s.io/kubernetes/pkg/apis/core/install" // the core API group in legacyscheme, as the API server installs it
	corev1 "k8s.io/kubernetes/pkg/apis/core/v1"
	registrypod "k8s.io/kubernetes/pkg/registry/core/pod"

	"podtopo.io/oracle/internal/gates"
	"podtopo.io/oracle/internal/kinds"
	"podtopo.io/oracle/internal/wire"
)

// placeholderImage is given to a container of the vectors' pod form, which names none: validation
// requires an image, and no resource rule reads it.
const placeholderImage = "registry.k8s.io/pause:3.10"

type createInput struct {
	Pod          json.RawMessage `json:"pod"`
	FeatureGates map[string]bool `json:"featureGates"`
}

// createOutput is the stored pod, or the validation errors that keep it from being stored.
type createOutput struct {
	Errors   []string `json:"errors"`
	QOSClass *string  `json:"qosClass"`
	Pod      *heldPod `json:"pod"`
}

// podCreate creates the pod as the API server's create handler does: the request body decoded by
// the scheme's codec (defaulting, then conversion to the internal version), the metadata system
// fields filled as the registry store does, then rest.BeforeCreate with the pod strategy
// (PrepareForCreate, Validate with the options it computes, declarative validation). Admission
// plugins are not run.
func podCreate(raw json.RawMessage) (any, error) {
	var in createInput
	if err := kinds.Decode(raw, &in); err != nil {
		return nil, err
	}
	if err := gates.Apply(in.FeatureGates); err != nil {
		return nil, err
	}
	pod, err := wire.ReadPod(in.Pod)
	if err != nil {
		return nil, err
	}
	body, err := requestBody(pod)
	if err != nil {
		return nil, err
	}
	obj, err := runtime.Decode(legacyscheme.Codecs.UniversalDecoder(), body)
	if err != nil {
		return nil, fmt.Errorf("the API server cannot decode the pod: %w", err)
	}
	created, ok := obj.(*api.Pod)
	if !ok {
		return nil, fmt.Errorf("decoded %T, not a pod", obj)
	}
	rest.FillObjectMetaSystemFields(created)
	if err := rest.BeforeCreate(registrypod.Strategy, requestContext(created), created); err != nil {
		return invalid(err)
	}
	stored := &v1.Pod{}
	if err := corev1.Convert_core_Pod_To_v1_Pod(created, stored, nil); err != nil {
		return nil, fmt.Errorf("the stored pod does not convert to v1: %w", err)
	}
	qos := string(stored.Status.QOSClass)
	resources := held(stored)
	return createOutput{Errors: []string{}, QOSClass: &qos, Pod: &resources}, nil
}

// requestBody is the pod as a client sends it: v1 JSON, every container with an image.
func requestBody(pod *v1.Pod) ([]byte, error) {
	pod.TypeMeta = metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"}
	pod.UID = ""
	for i := range pod.Spec.InitContainers {
		withImage(&pod.Spec.InitContainers[i])
	}
	for i := range pod.Spec.Containers {
		withImage(&pod.Spec.Containers[i])
	}
	for i := range pod.Spec.EphemeralContainers {
		if pod.Spec.EphemeralContainers[i].Image == "" {
			pod.Spec.EphemeralContainers[i].Image = placeholderImage
		}
	}
	return json.Marshal(pod)
}

func withImage(c *v1.Container) {
	if c.Image == "" {
		c.Image = placeholderImage
	}
}

// requestContext is what the API server's filters put in a create request's context: the
// namespace and the request info (declarative validation reads the API version from it).
func requestContext(pod *api.Pod) context.Context {
	ctx := genericapirequest.WithNamespace(genericapirequest.NewContext(), pod.Namespace)
	return genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true, Verb: "create", APIPrefix: "api", APIVersion: "v1",
		Namespace: pod.Namespace, Resource: "pods", Name: pod.Name,
	})
}

// invalid answers a refused create with its field errors (each as field.Error.Error() writes it:
// the cause's field, ": ", its message), sorted: upstream collects some of them in Go map order.
func invalid(err error) (any, error) {
	var status *apierrors.StatusError
	if !errors.As(err, &status) || status.ErrStatus.Reason != metav1.StatusReasonInvalid || status.ErrStatus.Details == nil {
		return nil, fmt.Errorf("the API server refuses the pod: %w", err)
	}
	messages := []string{}
	for _, cause := range status.ErrStatus.Details.Causes {
		messages = append(messages, cause.Field+": "+cause.Message)
	}
	sort.Strings(messages)
	return createOutput{Errors: messages}, nil
}
