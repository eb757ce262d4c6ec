package io.podtopo.domain.style;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.immutables.value.Value;

/**
 * The one Immutables style of the project, applied on a package's {@code package-info.java}.
 *
 * <p>Sandwich builders: an abstract value type {@code X} declares {@code class Builder extends
 * ImmutableX.Builder {}} so callers write {@code new X.Builder()...build()} and never name the
 * generated class. Styles are not merged, so no type may declare a {@code @Value.Style} of its own
 * (ADR 0002).
 */
@Target({ElementType.PACKAGE, ElementType.TYPE})
@Retention(RetentionPolicy.CLASS)
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    jdk9Collections = true,
    allowedClasspathAnnotations = {Override.class},
    depluralize = true,
    defaults = @Value.Immutable(copy = true))
public @interface PodtopoStyle {}
