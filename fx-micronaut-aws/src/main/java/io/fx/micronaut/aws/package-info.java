/**
 * fx-micronaut on AWS Lambda behind Amazon API Gateway: {@link io.fx.micronaut.aws.FxApiGatewayV1Function} for a
 * REST API (payload 1.0), {@link io.fx.micronaut.aws.FxApiGatewayV2Function} for an HTTP API (payload 2.0), both
 * answering what the server answers (the envelopes, {@code X-Request-Id}, the client's address, the raw query), and
 * {@link io.fx.micronaut.aws.MigrationFunction}, which migrates the schema explicitly, never on a cold start.
 *
 * @since 0.9.0
 */
package io.fx.micronaut.aws;
