package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.RawHttp;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions on envelopes read over a raw socket. */
final class RawEnvelopes {

    private RawEnvelopes() {
    }

    /** Asserts status, code, the exact envelope shape, a JSON content type and a request id; returns the error. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> assertEnvelope(RawHttp.Answer answer, int status, String code) {
        assertEquals(status, answer.status(), answer.toString());
        Map<String, Object> error = envelope(answer);
        assertEquals(code, error.get("code"), answer.toString());
        return error;
    }

    /** Asserts the envelope shape whatever the status, and returns the error object. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> envelope(RawHttp.Answer answer) {
        assertNotNull(answer.header("X-Request-Id"), "X-Request-Id on " + answer);
        String contentType = answer.header("Content-Type");
        assertTrue(contentType != null && contentType.startsWith("application/json"), "content type of " + answer);
        Map<String, Object> body = answer.decoded();
        assertEquals(Set.of("error"), body.keySet(), answer.toString());
        Map<String, Object> error = (Map<String, Object>) body.get("error");
        assertTrue(error.get("code") instanceof String, answer.toString());
        assertTrue(error.get("message") instanceof String message && !message.isBlank(), answer.toString());
        assertTrue(Set.of("code", "message", "details").containsAll(error.keySet()), answer.toString());
        return error;
    }

    /** @return whether the answer is an envelope, without failing */
    static boolean isEnvelope(RawHttp.Answer answer) {
        try {
            envelope(answer);
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }

    static void assertNoPut(RawHttp.Answer answer) {
        String allow = answer.header("Allow");
        assertNotNull(allow, answer.toString());
        assertFalse(allow.contains("PUT"), answer.toString());
    }

}
