package io.fx.micronaut.test.aws;

/**
 * The payload format of an API Gateway Lambda proxy integration.
 *
 * @since 0.9.0
 */
public enum Payload {
    /** REST API, payload format 1.0: multi-value header and query maps; {@code FxApiGatewayV1Function}. */
    V1,
    /** HTTP API, payload format 2.0: {@code rawQueryString}, comma-joined values; {@code FxApiGatewayV2Function}. */
    V2
}
