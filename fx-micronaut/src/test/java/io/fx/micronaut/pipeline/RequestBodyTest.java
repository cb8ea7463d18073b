package io.fx.micronaut.pipeline;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The payload's body as a unit test or a middleware sets it: in memory, unlimited, streamed as often as asked. */
class RequestBodyTest {

    @Test
    void aBodyInMemoryIsReadWholeOrStreamed() throws IOException {
        byte[] csv = "a,b\n1,2\n".getBytes(StandardCharsets.UTF_8);
        RequestContext context = RequestContext.builder(Operation.ACTION).body(RequestBody.of(csv)).build();
        RequestBody body = context.payload().getRequestBody();
        assertEquals(OptionalLong.of(csv.length), body.declaredLength());
        assertEquals(Long.MAX_VALUE, body.maxSize());
        for (int i = 0; i < 2; i++) {
            try (InputStream in = body.stream()) {
                assertArrayEquals(csv, in.readAllBytes());
            }
        }
        assertArrayEquals(csv, context.payload().getRawBody());
    }

    @Test
    void noBodyIsAnEmptyOneAndAMiddlewareMayReplaceIt() {
        RequestContext context = RequestContext.builder(Operation.CREATE).build();
        assertEquals(0, context.payload().getRequestBody().bytes().length);
        assertNull(context.payload().getRawBody());
        context.payload().setRawBody(new byte[] {'{', '}'});
        assertEquals(2, context.payload().getRequestBody().bytes().length);
        context.payload().setRawBody(null);
        assertNull(context.payload().getRawBody());
    }
}
