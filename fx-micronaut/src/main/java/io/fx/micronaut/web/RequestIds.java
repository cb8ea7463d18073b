package io.fx.micronaut.web;

import io.micronaut.http.HttpRequest;

import java.util.UUID;

/**
 * Takes the request id from {@code X-Request-Id} when it is safe to echo, or generates one.
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
        return UUID.randomUUID().toString();
    }

    private static boolean safe(String id) {
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '_' || c == '.' || c == ':';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
