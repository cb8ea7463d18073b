/**
 * An fx-micronaut application's AWS Lambda functions, tested without AWS: {@link io.fx.micronaut.test.aws.LocalApiGateway}
 * serves them on a local port as API Gateway would (SAM's local API without Docker), and
 * {@link io.fx.micronaut.test.aws.ApiGatewayMapping} turns a request into the {@link io.fx.micronaut.test.aws.Payload}
 * event API Gateway would send, and the function's answer back, without a socket.
 *
 * @since 0.9.0
 */
package io.fx.micronaut.test.aws;
