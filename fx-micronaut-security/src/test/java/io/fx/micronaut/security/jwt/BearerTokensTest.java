package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.CredentialRefusedException;
import io.micronaut.http.HttpRequest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** How {@link BearerTokens} reads the token from {@code Authorization} and from a custom header. */
class BearerTokensTest {

    private static final String TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln";

    private final BearerTokens authorization = new BearerTokens(JwtConfiguration.DEFAULT_HEADER);
    private final BearerTokens custom = new BearerTokens("X-Api-Token");

    @Test
    void theHeaderIsParsedOncePerRequestAndItsOutcomeShared() {
        HttpRequest<?> request = request("Authorization", "Bearer " + TOKEN);
        String first = authorization.read(request).orElseThrow();
        assertSame(first, new BearerTokens(JwtConfiguration.DEFAULT_HEADER).read(request).orElseThrow(),
            "the look-ahead filter's reader and the authenticator's share one parse");
        HttpRequest<?> refused = request("Authorization", "Basic dXNlcjpwYXNz");
        CredentialRefusedException once = assertThrows(CredentialRefusedException.class, () -> authorization.read(refused));
        assertSame(once, assertThrows(CredentialRefusedException.class, () -> authorization.read(refused)));
        assertEquals(Optional.empty(), custom.read(request), "another header is its own parse");
    }

    @Test
    void noHeaderIsNoToken() {
        assertEquals(Optional.empty(), authorization.read(HttpRequest.GET("/")));
        assertEquals(Optional.empty(), custom.read(HttpRequest.GET("/").header("Authorization", "Bearer " + TOKEN)));
    }

    /** The HTTP layer strips whitespace around a header value (and refuses it in a value made in code). */
    @Test
    void theBearerSchemeInAnyCaseAndAnySpacingGivesTheToken() {
        for (String value : List.of("Bearer " + TOKEN, "bearer " + TOKEN, "BEARER " + TOKEN, "Bearer    " + TOKEN,
            "Bearer\t" + TOKEN, "Bearer \t " + TOKEN)) {
            assertEquals(Optional.of(TOKEN), authorization.read(request("Authorization", value)), value);
        }
    }

    @Test
    void theHeaderNameIsMatchedInAnyCase() {
        assertEquals(Optional.of(TOKEN), new BearerTokens("authorization").read(request("AUTHORIZATION", "Bearer " + TOKEN)));
    }

    @Test
    void aMalformedAuthorizationHeaderIsRefusedAsUnauthorized() {
        Map<String, String> messages = Map.of(
            "Bearer", "bearer token is empty",
            "", "authorization header is empty",
            TOKEN, "authorization header lacks the Bearer scheme",
            "Basic dXNlcjpwYXNz", "authorization scheme must be Bearer",
            "BearerXYZ", "authorization scheme must be Bearer",
            "Token " + TOKEN, "authorization scheme must be Bearer");
        messages.forEach((value, message) -> assertRefused(authorization, "Authorization", value, message));
    }

    @Test
    void tokensAfterTheSchemeAreReadAsOneForTheVerifierToRefuse() {
        assertEquals(Optional.of(TOKEN + " " + TOKEN), authorization.read(request("Authorization", "Bearer " + TOKEN + " " + TOKEN)));
    }

    @Test
    void aCustomHeaderTakesTheTokenWithOrWithoutTheScheme() {
        assertEquals(Optional.of(TOKEN), custom.read(request("X-Api-Token", TOKEN)));
        assertEquals(Optional.of(TOKEN), custom.read(request("X-Api-Token", "Bearer " + TOKEN)));
        assertEquals(Optional.of("Basic xyz"), custom.read(request("X-Api-Token", "Basic xyz")),
            "another scheme is taken as part of the token, which the verifier then refuses");
        assertRefused(custom, "X-Api-Token", "", "bearer token is empty");
        assertRefused(custom, "X-Api-Token", "bearer", "bearer token is empty");
    }

    private static HttpRequest<?> request(String name, String value) {
        return HttpRequest.GET("/").header(name, value);
    }

    private static void assertRefused(BearerTokens tokens, String header, String value, String message) {
        CredentialRefusedException e = assertThrows(CredentialRefusedException.class,
            () -> tokens.read(request(header, value)), "'" + value + "'");
        assertEquals("UNAUTHORIZED", e.getCode());
        assertEquals(401, e.getStatus());
        assertEquals(message, e.getMessage(), "'" + value + "'");
        assertFalse(e.isTokenPresented(), "no token reached verification");
    }
}
