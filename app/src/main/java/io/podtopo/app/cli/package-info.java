/** The {@code podtopo} commands, one class each, and the output and error helpers they share. */
package io.podtopo.app.cli;
