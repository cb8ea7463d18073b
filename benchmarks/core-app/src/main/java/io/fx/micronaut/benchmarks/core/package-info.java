/**
 * The cold-start benchmark's third function (issue 34): the blog's posts served by fx-micronaut's core and
 * fx-micronaut-aws alone, so that {@code benchmarks/cold-start.sh --with-core} can tell the framework's own cost
 * from the feature modules the blog carries. Built with {@code -Plambda} into {@code target/core-lambda.jar}.
 */
package io.fx.micronaut.benchmarks.core;
