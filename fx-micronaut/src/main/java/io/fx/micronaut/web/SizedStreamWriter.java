package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;
import io.micronaut.core.type.MutableHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.body.ByteBodyFactory;
import io.micronaut.http.body.CloseableByteBody;
import io.micronaut.http.body.ResponseBodyWriter;
import io.micronaut.http.body.stream.InputStreamByteBody;
import io.micronaut.http.codec.CodecException;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;

/**
 * Writes a {@link SizedStream} as Micronaut writes an {@code InputStream} body, read on the blocking executor as
 * the connection takes it, but with its length, so the answer carries {@code Content-Length} instead of being
 * chunked. The stream is closed once sent.
 */
@Internal
@Singleton
final class SizedStreamWriter implements ResponseBodyWriter<SizedStream> {

    private final ExecutorService blocking;

    SizedStreamWriter(@Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        this.blocking = blocking;
    }

    @Override
    @NonNull
    public CloseableByteBody writePiece(@NonNull ByteBodyFactory bodyFactory, @NonNull HttpRequest<?> request,
                                        @NonNull HttpResponse<?> response, @NonNull Argument<SizedStream> type,
                                        @NonNull MediaType mediaType, SizedStream body) {
        return InputStreamByteBody.create(body.stream(), OptionalLong.of(body.length()), blocking, bodyFactory);
    }

    @Override
    public void writeTo(@NonNull Argument<SizedStream> type, @NonNull MediaType mediaType, SizedStream body,
                        @NonNull MutableHeaders outgoingHeaders, @NonNull OutputStream outputStream) {
        try (InputStream in = body.stream()) {
            in.transferTo(outputStream);
        } catch (IOException e) {
            throw new CodecException("The response stream failed", e);
        }
    }
}
