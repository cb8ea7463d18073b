package io.fx.micronaut.aws;

/** The two API Gateway payload formats the tests run each case on. */
enum Payload {
    /** REST API, payload format 1.0. */
    V1,
    /** HTTP API, payload format 2.0. */
    V2
}
