/** Immutable collections of the domain's state that remember how they were derived. */
package io.podtopo.domain.collect;
