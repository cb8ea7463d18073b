package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.CredentialRefusedException;
import io.micronaut.http.HttpRequest;

import java.util.Optional;

/**
 * Reads the token: from {@code Authorization}, which must use the {@code Bearer} scheme (any case);
 * from another configured header with or without it. The header is parsed once per request: the revocation
 * look-ahead filter and the authenticator share the outcome, kept on the request.
 */
final class BearerTokens {

    private static final String SCHEME = "bearer";

    private final String header;
    private final boolean authorization;
    /** The request attribute holding this request's outcome for the header. */
    private final String parsedKey;

    BearerTokens(String header) {
        this.header = header;
        this.authorization = header.equalsIgnoreCase(JwtConfiguration.DEFAULT_HEADER);
        this.parsedKey = BearerTokens.class.getName() + ":" + header.toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * @param request the request
     * @return the token; empty when the header is absent
     * @throws CredentialRefusedException for another scheme, a bare or an empty token
     */
    Optional<String> read(HttpRequest<?> request) {
        Parsed parsed = request.getAttribute(parsedKey, Parsed.class).orElse(null);
        if (parsed == null) {
            try {
                parsed = new Parsed(parse(request), null);
            } catch (CredentialRefusedException e) {
                parsed = new Parsed(Optional.empty(), e);
            }
            request.setAttribute(parsedKey, parsed);
        }
        return parsed.token();
    }

    private Optional<String> parse(HttpRequest<?> request) {
        String value = request.getHeaders().get(header);
        if (value == null) {
            return Optional.empty();
        }
        String trimmed = value.strip();
        int space = indexOfSpace(trimmed);
        String scheme = space < 0 ? trimmed : trimmed.substring(0, space);
        boolean bearer = scheme.equalsIgnoreCase(SCHEME);
        if (bearer) {
            String token = space < 0 ? "" : trimmed.substring(space + 1).strip();
            if (token.isEmpty()) {
                throw CredentialRefusedException.unauthorized("bearer token is empty");
            }
            return Optional.of(token);
        }
        if (!authorization) {
            if (trimmed.isEmpty()) {
                throw CredentialRefusedException.unauthorized("bearer token is empty");
            }
            return Optional.of(trimmed);
        }
        if (trimmed.isEmpty()) {
            throw CredentialRefusedException.unauthorized("authorization header is empty");
        }
        if (space < 0 && trimmed.indexOf('.') > 0) {
            throw CredentialRefusedException.unauthorized("authorization header lacks the Bearer scheme");
        }
        throw CredentialRefusedException.unauthorized("authorization scheme must be Bearer");
    }

    private static int indexOfSpace(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) == ' ' || value.charAt(i) == '\t') {
                return i;
            }
        }
        return -1;
    }

    /** A request's header, read: the token, or the refusal it earned. */
    private record Parsed(Optional<String> value, CredentialRefusedException refusal) {
        Optional<String> token() {
            if (refusal != null) {
                throw refusal;
            }
            return value;
        }
    }
}
