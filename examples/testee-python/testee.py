#!/usr/bin/env python3
"""A podtopo conformance testee in Python, standard library only (Python 3.9 or newer).

Run the suite against it from the repository root:

    ./podtopo conformance vectors --testee "python3 examples/testee-python/testee.py"

It speaks the testee protocol of docs/conformance.md: one JSON request per line on standard
input, one JSON answer per line on standard output, flushed at once, until standard input ends.

    request  {"id": "...", "kind": "...", "input": {...}}
    answer   {"id": "...", "output": {...}}           the output has the shape of the case's expect
             {"id": "...", "unsupported": true,       a kind this program does not implement,
              "reason": "..."}                        with why (optional)
             {"id": "...", "error": "..."}            this case failed; the run goes on

It implements four kinds, each the way the kubelet does (the upstream function is named in each
handler), and answers "unsupported" for every other kind, with a reason the reports show, so those
cases are skipped, never passed.
Standard error is free for logs: the suite shows its last lines if the program dies.
"""

import json
import math
import re
import sys
from fractions import Fraction


# --- Kubernetes quantities (k8s.io/apimachinery/pkg/api/resource) --------------------------------

_QUANTITY = re.compile(r"^([+-]?)(\d+\.?\d*|\.\d+)([eE][+-]?\d+|Ki|Mi|Gi|Ti|Pi|Ei|[mkMGTPE])?$")
_BINARY = {"Ki": 2 ** 10, "Mi": 2 ** 20, "Gi": 2 ** 30, "Ti": 2 ** 40, "Pi": 2 ** 50, "Ei": 2 ** 60}
_DECIMAL = {"m": Fraction(1, 1000), "": 1, "k": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9, "T": 10 ** 12,
            "P": 10 ** 15, "E": 10 ** 18}


def quantity(text):
    """The exact value of a quantity string such as "2", "1500m", "1Gi" or "1e3", as a Fraction."""
    match = _QUANTITY.match(str(text))
    if not match:
        raise ValueError("not a quantity: %r" % (text,))
    sign, number, suffix = match.group(1), match.group(2), match.group(3) or ""
    value = Fraction(number)
    if suffix in _BINARY:
        value *= _BINARY[suffix]
    elif suffix in _DECIMAL:
        value *= _DECIMAL[suffix]
    else:
        value *= Fraction(10) ** int(suffix[1:])
    return -value if sign == "-" else value


def value_rounded_up(q):
    """Quantity.Value(): rounded up, away from zero."""
    return math.ceil(q) if q >= 0 else math.floor(q)


def milli_value_rounded_up(q):
    """Quantity.MilliValue(): thousandths, rounded up, away from zero."""
    return value_rounded_up(q * 1000)


# --- Pods, as the vectors write them (FORMAT.md, "Pods") ------------------------------------------

def requests_and_limits(container):
    """The container's requests and limits by resource name, as exact values."""
    requests, limits = {}, {}
    for field, resource, into in (("cpuRequest", "cpu", requests), ("cpuLimit", "cpu", limits),
                                  ("memoryRequest", "memory", requests), ("memoryLimit", "memory", limits)):
        if container.get(field) is not None:
            into[resource] = quantity(container[field])
    resources = container.get("resources") or {}
    for name, text in (resources.get("requests") or {}).items():
        requests[name] = quantity(text)
    for name, text in (resources.get("limits") or {}).items():
        limits[name] = quantity(text)
    return requests, limits


def is_guaranteed(pod):
    """The pod's QoS class is Guaranteed (upstream ComputePodQOS, without pod-level resources)."""
    requests, limits = {}, {}
    guaranteed = True
    for container in (pod.get("containers") or []) + (pod.get("initContainers") or []):
        container_requests, container_limits = requests_and_limits(container)
        for name, value in container_requests.items():
            if name in ("cpu", "memory") and value > 0:
                requests[name] = requests.get(name, 0) + value
        limits_found = set()
        for name, value in container_limits.items():
            if name in ("cpu", "memory") and value > 0:
                limits_found.add(name)
                limits[name] = limits.get(name, 0) + value
        if not {"cpu", "memory"} <= limits_found:
            guaranteed = False
    if not requests and not limits:
        return False  # BestEffort
    if guaranteed and any(limits.get(name) != value for name, value in requests.items()):
        guaranteed = False
    return guaranteed and len(requests) == len(limits)


def guaranteed_cpus(pod, container):
    """Upstream staticPolicy.guaranteedCPUs: an integral cpu request of a Guaranteed pod, else 0."""
    if not is_guaranteed(pod):
        return 0
    requests, _ = requests_and_limits(container)
    cpu = requests.get("cpu", Fraction(0))
    if value_rounded_up(cpu) * 1000 != milli_value_rounded_up(cpu):
        return 0
    return value_rounded_up(cpu)


# --- The kinds ------------------------------------------------------------------------------------

def pod_guaranteed_cpus(case_input):
    """pod-guaranteed-cpus: upstream staticPolicy.podGuaranteedCPUs, with restartable init containers
    (sidecars) counted as KEP-753 says: max(largest init + sidecars started before it, apps + sidecars)."""
    pod = case_input["pod"]
    if pod.get("podResources") is not None or pod.get("podCPU") is not None:
        raise NotImplementedError("pod-level resources are not implemented by this example")
    largest_init = 0
    sidecars = 0
    for init in pod.get("initContainers") or []:
        if "cpu" not in requests_and_limits(init)[0]:
            continue
        cpus = guaranteed_cpus(pod, init)
        if init.get("restartPolicy") == "Always":
            sidecars += cpus
        elif sidecars + cpus > largest_init:
            largest_init = sidecars + cpus
    apps = sum(guaranteed_cpus(pod, app) for app in pod.get("containers") or []
               if "cpu" in requests_and_limits(app)[0])
    return {"guaranteedCPUs": max(largest_init, apps + sidecars)}


def smt_alignment_error_text(case_input):
    """smt-alignment-error-text: upstream SMTAlignmentError.Error()."""
    error = case_input["error"]
    if error.get("causedByPhysicalCPUs", False):
        message = ("SMT Alignment Error: not enough free physical CPUs: available physical CPUs = %d, "
                   "requested CPUs = %d, CPUs per core = %d"
                   % (error.get("availablePhysicalCPUs", 0), error["requestedCPUs"], error["cpusPerCore"]))
    else:
        message = ("SMT Alignment Error: requested %d cpus not multiple cpus per core = %d"
                   % (error["requestedCPUs"], error["cpusPerCore"]))
    return {"message": message}


def policy_admit(case_input):
    """policy-admit: the Topology Manager policies' canAdmitPodResult(hint)."""
    policy = case_input["policy"]
    if policy in ("none", "best-effort"):
        return {"admit": True}
    if policy in ("restricted", "single-numa-node"):
        return {"admit": bool(case_input["hint"]["preferred"])}
    raise ValueError("unknown Topology Manager policy %r" % (policy,))


def single_numa_filter_hints(case_input):
    """single-numa-filter-hints: upstream filterSingleNumaHints keeps the preferred hints whose
    affinity is nil or a single NUMA node; an emptied list is Go's nil slice, written null."""
    filtered = []
    for hints in case_input["resources"]:
        kept = [hint for hint in hints if hint["preferred"]
                and (hint["numaAffinity"] is None or len(hint["numaAffinity"]) == 1)]
        filtered.append(kept or None)
    return {"resources": filtered}


KINDS = {
    "pod-guaranteed-cpus": pod_guaranteed_cpus,
    "smt-alignment-error-text": smt_alignment_error_text,
    "policy-admit": policy_admit,
    "single-numa-filter-hints": single_numa_filter_hints,
}


# --- The protocol ---------------------------------------------------------------------------------

# Why a kind missing from KINDS is unsupported; the reports show it after "kind not supported by the subject: ".
UNSUPPORTED_REASON = "not implemented in this example"

def answer(line):
    """The answer line (a dict) for one request line."""
    try:
        request = json.loads(line)
    except ValueError as e:
        return {"id": None, "error": "bad request: not JSON: %s" % e}
    if not isinstance(request, dict) or not isinstance(request.get("id"), str) \
            or not isinstance(request.get("kind"), str) or "input" not in request:
        case_id = request.get("id") if isinstance(request, dict) and isinstance(request.get("id"), str) else None
        return {"id": case_id, "error": "bad request: \"id\" and \"kind\" must be strings and \"input\" present"}
    handler = KINDS.get(request["kind"])
    if handler is None:
        return {"id": request["id"], "unsupported": True, "reason": UNSUPPORTED_REASON}
    try:
        return {"id": request["id"], "output": handler(request["input"])}
    except Exception as e:  # one case failed: say why and go on with the next
        return {"id": request["id"], "error": "%s: %s" % (type(e).__name__, e)}


def main():
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        if line.strip():
            sys.stdout.write(json.dumps(answer(line), separators=(",", ":")) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
