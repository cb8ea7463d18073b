package io.fx.micronaut.web;

import io.micronaut.http.HttpRequest;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Takes the request id from {@code X-Request-Id} when it is safe to echo (letters, digits and {@code -_.:}, plus
 * the base64 characters {@code =+/} of API Gateway's HTTP API request ids), or generates one.
 */
final class RequestIds {

    static final String HEADER = "X-Request-Id";
    private static final int MAX_LENGTH = 128;

    private RequestIds() {
    }

    static String of(HttpRequest<?> request) {
        String given = request.getHeaders().get(HEADER);
        if (given != null && !given.isEmpty() && given.length() <= MAX_LENGTH && safe(given)) {
            return given;
        }
        return generate();
    }

    /**
     * A random (version 4) UUID from the thread's own generator: a request id must be unique, not
     * unguessable, and {@link UUID#randomUUID()} would contend on the shared secure generator on every
     * request.
     */
    static String generate() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    private static boolean safe(String id) {
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '_' || c == '.' || c == ':' || c == '=' || c == '+' || c == '/';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
