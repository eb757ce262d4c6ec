package io.podtopo.app;

import jakarta.inject.Scope;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** One instance per {@link NodeComponent}: one node's service and adapters. */
@Scope
@Documented
@Retention(RetentionPolicy.RUNTIME)
@interface NodeScope {}
