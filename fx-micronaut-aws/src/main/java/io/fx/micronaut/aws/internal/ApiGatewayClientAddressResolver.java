package io.fx.micronaut.aws.internal;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.fx.micronaut.web.ClientAddressResolver;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.servlet.http.ServletHttpRequest;
import jakarta.inject.Singleton;

import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * In a Lambda function, the client's address is the event's {@code sourceIp}: API Gateway is the edge that saw the
 * client's connection (1.0: {@code requestContext.identity.sourceIp}; 2.0: {@code requestContext.http.sourceIp}).
 * There is no peer connection to trust or not, so {@code fx.client-ip.trusted-proxies} does not apply here.
 */
@Internal
@Singleton
@Requires(env = Environment.FUNCTION)
@Replaces(ClientAddressResolver.class)
final class ApiGatewayClientAddressResolver implements ClientAddressResolver {

    @Override
    @NonNull
    public Optional<String> resolve(@NonNull HttpRequest<?> request) {
        Object event = request instanceof ServletHttpRequest<?, ?> servlet ? servlet.getNativeRequest() : null;
        String sourceIp = null;
        if (event instanceof APIGatewayV2HTTPEvent v2 && v2.getRequestContext() != null
            && v2.getRequestContext().getHttp() != null) {
            sourceIp = v2.getRequestContext().getHttp().getSourceIp();
        } else if (event instanceof APIGatewayProxyRequestEvent v1 && v1.getRequestContext() != null
            && v1.getRequestContext().getIdentity() != null) {
            sourceIp = v1.getRequestContext().getIdentity().getSourceIp();
        }
        if (sourceIp != null && !sourceIp.isBlank()) {
            return Optional.of(sourceIp.trim());
        }
        InetSocketAddress remote = request.getRemoteAddress();
        return remote == null || remote.getAddress() == null ? Optional.empty()
            : Optional.of(remote.getAddress().getHostAddress());
    }
}
