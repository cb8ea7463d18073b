package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.io.buffer.ByteArrayBufferFactory;
import io.micronaut.http.body.ByteBody;
import io.micronaut.http.body.stream.AvailableByteArrayBody;
import io.micronaut.http.body.stream.InputStreamByteBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The route's body over Micronaut's {@code ByteBody}: the limit before and while reading, one read only. */
class ServedBodyTest {

    private static final Function<Throwable, FxException> FAILURES =
        failure -> failure instanceof FxException fx ? fx : ErrorCode.BODY_READ_ERROR.exception("unreadable");

    private final ExecutorService io = Executors.newCachedThreadPool();
    private final AtomicLong read = new AtomicLong();

    @AfterEach
    void stop() {
        io.shutdownNow();
    }

    private static byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) 'b');
        return bytes;
    }

    private static ServedBody served(ByteBody source, long limit) {
        return new ServedBody(source, null, limit, FAILURES);
    }

    /** A streaming body, counting the bytes read from it in {@link #read}. */
    private ByteBody streaming(byte[] bytes, OptionalLong declared) {
        InputStream counted = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                int n = super.read(buffer, offset, length);
                read.addAndGet(Math.max(0, n));
                return n;
            }
        };
        return InputStreamByteBody.create(counted, declared, io, ByteArrayBufferFactory.INSTANCE);
    }

    private static void assertTooLarge(long limit, Runnable read) {
        FxException e = assertThrows(FxException.class, read::run);
        assertEquals(ErrorCode.BODY_TOO_LARGE.name(), e.getCode());
        assertEquals("The request body exceeds the limit of " + limit + " bytes", e.getMessage());
    }

    @Test
    void aBodyThatArrivedWholeIsReadUpToExactlyTheLimit() {
        assertArrayEquals(bytes(10), served(AvailableByteArrayBody.create(ByteArrayBufferFactory.INSTANCE, bytes(10)), 10).bytes());
        ServedBody over = served(AvailableByteArrayBody.create(ByteArrayBufferFactory.INSTANCE, bytes(11)), 10);
        assertEquals(OptionalLong.of(11), over.declaredLength());
        assertTooLarge(10, over::bytes);
        assertTooLarge(10, over::stream);
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedWithoutReadingAByte() {
        ServedBody body = served(streaming(bytes(1000), OptionalLong.of(1000)), 64);
        assertTooLarge(64, body::bytes);
        assertTooLarge(64, body::stream);
        assertEquals(0, read.get());
    }

    @Test
    void aChunkedBodyIsRefusedAtByteLimitPlusOne() throws IOException {
        assertArrayEquals(bytes(64), served(streaming(bytes(64), OptionalLong.empty()), 64).bytes());
        assertTooLarge(64, served(streaming(bytes(65), OptionalLong.empty()), 64)::bytes);
        try (InputStream in = served(streaming(bytes(65), OptionalLong.empty()), 64).stream()) {
            assertEquals(64, in.readNBytes(64).length);
            assertTooLarge(64, () -> {
                try {
                    in.read();
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
        }
    }

    @Test
    void aBodyIsReadOnceWholeOrStreamedOnce() throws IOException {
        ServedBody whole = served(streaming(bytes(5), OptionalLong.of(5)), 64);
        byte[] first = whole.bytes();
        assertEquals(first, whole.bytes());
        try (InputStream again = whole.stream()) {
            assertArrayEquals(first, again.readAllBytes());
        }
        ServedBody streamed = served(streaming(bytes(5), OptionalLong.empty()), 64);
        try (InputStream in = streamed.stream()) {
            assertEquals(5, in.readAllBytes().length);
        }
        assertThrows(IllegalStateException.class, streamed::bytes);
        assertThrows(IllegalStateException.class, streamed::stream);
    }

    @Test
    void aBodyReadAheadIsServedFromMemoryAndItsFailureIsTheClientsError() {
        ServedBody ahead = new ServedBody(streaming(new byte[0], OptionalLong.empty()),
            CompletableFuture.completedFuture(bytes(3)), 64, FAILURES);
        assertArrayEquals(bytes(3), ahead.bytes());
        ServedBody failed = new ServedBody(streaming(new byte[0], OptionalLong.empty()),
            CompletableFuture.failedFuture(new IOException("reset")), 64, FAILURES);
        assertEquals(ErrorCode.BODY_READ_ERROR.name(), assertThrows(FxException.class, failed::bytes).getCode());
    }

    @Test
    void emptinessIsKnownFromTheDeclaredLengthOrTheBytesAlreadyReadNeverByReading() {
        assertTrue(served(AvailableByteArrayBody.create(ByteArrayBufferFactory.INSTANCE, new byte[0]), 8).isEmpty());
        assertTrue(new ServedBody(streaming(new byte[0], OptionalLong.empty()),
            CompletableFuture.completedFuture(new byte[0]), 8, FAILURES).isEmpty());
        ServedBody arriving = served(streaming(new byte[0], OptionalLong.empty()), 8);
        assertEquals(false, arriving.isEmpty(), "a chunked body still arriving counts as one");
        assertEquals(0, arriving.bytes().length, "and asking did not consume it");
        assertEquals(false, served(streaming(bytes(9), OptionalLong.empty()), 8).isEmpty());
    }
}
