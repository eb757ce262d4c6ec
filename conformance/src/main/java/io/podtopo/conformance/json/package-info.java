/** JSON forms of domain values shared by vectors, machine files and reports. */
package io.podtopo.conformance.json;
