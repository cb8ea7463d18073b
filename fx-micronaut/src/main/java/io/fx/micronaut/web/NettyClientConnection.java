package io.fx.micronaut.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpRequestWrapper;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import jakarta.inject.Singleton;

/**
 * Reads the channel state of a request served by the Netty server, and watches its close.
 */
@Internal
@Singleton
@Requires(classes = NettyHttpRequest.class)
final class NettyClientConnection implements ClientConnection {

    @Override
    public boolean isClosed(@NonNull HttpRequest<?> request) {
        Channel channel = channel(request);
        return channel != null && !channel.isActive();
    }

    @Override
    @NonNull
    public Runnable onClose(@NonNull HttpRequest<?> request, @NonNull Runnable callback) {
        Channel channel = channel(request);
        if (channel == null) {
            return () -> { };
        }
        ChannelFutureListener listener = future -> callback.run();
        channel.closeFuture().addListener(listener);
        return () -> channel.closeFuture().removeListener(listener);
    }

    private static Channel channel(HttpRequest<?> request) {
        HttpRequest<?> current = request;
        while (current instanceof HttpRequestWrapper<?> wrapper) {
            current = wrapper.getDelegate();
        }
        return current instanceof NettyHttpRequest<?> netty ? netty.getChannelHandlerContext().channel() : null;
    }
}
