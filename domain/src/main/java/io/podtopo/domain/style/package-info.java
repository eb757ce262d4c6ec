/** The project-wide Immutables style. */
package io.podtopo.domain.style;
