package io.fx.micronaut.security;

import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.CredentialRefusedException;
import io.micronaut.core.annotation.NonNull;

/**
 * The {@code WWW-Authenticate} challenges of RFC 6750 section 3, for an authenticator or rule that refuses: a 401
 * names the bearer realm (and why a presented token failed), a 403 the scopes missing.
 *
 * @since 0.7.0
 */
public final class Challenges {

    /** The header name. */
    public static final String HEADER = "WWW-Authenticate";

    private static final String REALM = "Bearer realm=\"api\"";

    private Challenges() {
    }

    /**
     * Adds the challenge of a 401 to the response.
     *
     * @param context the request
     * @param refusal the refusal
     */
    public static void unauthorized(@NonNull RequestContext context, @NonNull CredentialRefusedException refusal) {
        context.response().setHeader(HEADER, refusal.isTokenPresented()
            ? REALM + ", error=\"invalid_token\", error_description=\"" + quoted(refusal.getMessage()) + "\""
            : REALM);
    }

    /**
     * Adds the challenge of a 403 for missing scopes.
     *
     * @param context the request
     * @param scopes  the scopes the request needs, space-delimited
     */
    public static void insufficientScope(@NonNull RequestContext context, @NonNull String scopes) {
        context.response().setHeader(HEADER, REALM + ", error=\"insufficient_scope\", scope=\"" + quoted(scopes) + "\"");
    }

    private static String quoted(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                out.append(c);
            }
        }
        return out.toString();
    }
}
