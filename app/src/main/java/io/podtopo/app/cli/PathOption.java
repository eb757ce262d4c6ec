package io.podtopo.app.cli;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Says what a path option ({@code Path} or a list of them) names, so that {@link PathOptions} checks
 * it before its command runs. Every path option of every command carries it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface PathOption {

  /** What the option's paths must be. */
  PathKind value();
}
