package io.fx.micronaut.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpRequestWrapper;
import io.micronaut.http.server.netty.NettyHttpRequest;
import jakarta.inject.Singleton;

/**
 * Reads the channel state of a request served by the Netty server.
 */
@Internal
@Singleton
@Requires(classes = NettyHttpRequest.class)
final class NettyClientConnection implements ClientConnection {

    @Override
    public boolean isClosed(@NonNull HttpRequest<?> request) {
        HttpRequest<?> current = request;
        while (current instanceof HttpRequestWrapper<?> wrapper) {
            current = wrapper.getDelegate();
        }
        return current instanceof NettyHttpRequest<?> netty && !netty.getChannelHandlerContext().channel().isActive();
    }
}
