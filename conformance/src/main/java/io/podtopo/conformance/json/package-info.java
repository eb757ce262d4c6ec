/**
 * JSON forms of domain values shared by vectors, machine files and reports, and how the JSON and YAML
 * files users give are read and their errors told ({@link io.podtopo.conformance.json.InputJson}).
 */
package io.podtopo.conformance.json;
