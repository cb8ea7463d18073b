package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpRequestWrapper;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Reads Netty's decoder result. Micronaut answers every decoder failure with 400, or 413 for any
 * {@code TooLongFrameException}; this tells a request line over {@code micronaut.server.netty.max-initial-line-length}
 * (414 {@code URI_TOO_LONG}) from a header block over {@code max-header-size} (431 {@code HEADERS_TOO_LARGE}).
 */
@Internal
@Singleton
@Requires(classes = NettyHttpRequest.class)
final class NettyDecoderFailure implements DecoderFailure {

    @Override
    @NonNull
    public Optional<ErrorCode> of(@NonNull HttpRequest<?> request) {
        NettyHttpRequest<?> netty = unwrap(request);
        if (netty == null) {
            return Optional.empty();
        }
        DecoderResult result = netty.getNativeRequest().decoderResult();
        if (result == null || !result.isFailure()) {
            return Optional.empty();
        }
        Throwable cause = result.cause();
        if (cause instanceof TooLongHttpLineException) {
            return Optional.of(ErrorCode.URI_TOO_LONG);
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return Optional.of(ErrorCode.HEADERS_TOO_LARGE);
        }
        return Optional.of(ErrorCode.MALFORMED_REQUEST);
    }

    @Override
    @NonNull
    public String rawPath(@NonNull HttpRequest<?> request) {
        NettyHttpRequest<?> netty = unwrap(request);
        if (netty == null) {
            return request.getPath();
        }
        String uri = netty.getNativeRequest().uri();
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }

    private static NettyHttpRequest<?> unwrap(HttpRequest<?> request) {
        HttpRequest<?> current = request;
        while (current instanceof HttpRequestWrapper<?> wrapper) {
            current = wrapper.getDelegate();
        }
        return current instanceof NettyHttpRequest<?> netty ? netty : null;
    }
}
