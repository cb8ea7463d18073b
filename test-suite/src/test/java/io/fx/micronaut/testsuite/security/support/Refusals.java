package io.fx.micronaut.testsuite.security.support;

import io.fx.micronaut.testsuite.support.Api.Reply;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Assertions on a refused request: its status, its error code and, when given, its message. */
public final class Refusals {

    private Refusals() {
    }

    public static void refused(Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply::toString);
        assertEquals(code, reply.code(), reply::toString);
    }

    /** A 403 with the code, as CSRF refusals are. */
    public static void forbidden(Reply reply, String code) {
        refused(reply, 403, code);
    }

    /** @param message the error's message, or null to leave it unchecked */
    public static void refused(Reply reply, int status, String code, String message) {
        refused(reply, status, code);
        if (message != null) {
            assertEquals(message, reply.error().get("message"), reply::toString);
        }
    }
}
