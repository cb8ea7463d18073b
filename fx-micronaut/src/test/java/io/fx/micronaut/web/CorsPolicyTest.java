package io.fx.micronaut.web;

import io.micronaut.http.HttpMethod;
import io.micronaut.http.server.cors.CorsOriginConfiguration;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorsPolicyTest {

    private static CorsPolicy policy(List<String> origins, String regex) {
        CorsOriginConfiguration configuration = new CorsOriginConfiguration();
        configuration.setAllowedOrigins(origins);
        configuration.setAllowedOriginsRegex(regex);
        return new CorsPolicy("web", configuration);
    }

    @Test
    void unsetOriginsAdmitAnyOrigin() {
        CorsPolicy policy = policy(null, null);
        assertTrue(policy.matches("https://anything.example"));
        assertTrue(policy.unsetOrigins());
        assertTrue(policy.anyOrigin().orElseThrow().contains("allowed-origins is not set"));
    }

    @Test
    void aListedWildcardIsReportedThoughMicronautMatchesItLiterally() {
        CorsPolicy policy = policy(List.of("*"), null);
        assertFalse(policy.matches("https://anything.example"));
        assertEquals(Optional.of("allowed-origins lists '*'"), policy.anyOrigin());
    }

    @Test
    void listedOriginsMatchExactly() {
        CorsPolicy policy = policy(List.of("https://app.example"), null);
        assertTrue(policy.matches("https://app.example"));
        assertFalse(policy.matches("https://app.example.evil"));
        assertFalse(policy.matches("http://app.example"));
        assertEquals(Optional.empty(), policy.anyOrigin());
    }

    @Test
    void aPatternMatchingAnyOriginIsReportedAndANarrowOneIsNot() {
        assertTrue(policy(List.of(), ".*").anyOrigin().isPresent());
        assertTrue(policy(List.of(), "https?://.+").anyOrigin().isPresent());
        CorsPolicy narrow = policy(List.of(), "^https://[a-z]+\\.app\\.example$");
        assertEquals(Optional.empty(), narrow.anyOrigin());
        assertTrue(narrow.matches("https://admin.app.example"));
        assertFalse(narrow.matches("https://evil.example"));
    }

    @Test
    void methodsAndHeadersAreCheckedAgainstTheLists() {
        CorsOriginConfiguration configuration = new CorsOriginConfiguration();
        configuration.setAllowedMethods(List.of(HttpMethod.GET, HttpMethod.POST));
        configuration.setAllowedHeaders(List.of("Authorization", "Content-Type"));
        CorsPolicy policy = new CorsPolicy("web", configuration);
        assertTrue(policy.allows(HttpMethod.POST));
        assertFalse(policy.allows(HttpMethod.PUT));
        assertEquals(Optional.empty(), policy.refusedHeader(List.of("authorization", " content-type")));
        assertEquals(Optional.of("X-Other"), policy.refusedHeader(List.of("Content-Type", " X-Other")));
        assertEquals(Optional.empty(), policy.refusedHeader(List.of()));
    }

    @Test
    void defaultsAllowAnyMethodAndHeader() {
        CorsPolicy policy = policy(List.of("https://app.example"), null);
        assertTrue(policy.allows(HttpMethod.PUT));
        assertEquals(Optional.empty(), policy.refusedHeader(List.of("X-Anything")));
    }
}
