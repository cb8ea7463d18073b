package io.fx.micronaut.testsuite.security.support;

import io.fx.micronaut.pipeline.ActionAccess;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The properties of a security test's application, built by their usual groups: {@code spec.name}, the
 * bearer secret and other {@code fx.security.jwt.*} keys, API keys, revocation, cookie sessions with their
 * CSRF protection, the OpenAPI document and the {@link WhoAmI} action. {@link #build()} gives the map a
 * {@code TestPropertyProvider} returns; {@link #pairs()} the key/value pairs of {@code Databases.config}.
 */
public final class SecurityConfig {

    /** The CSRF secret {@link #sessions()} sets: double-submit tokens are bound to their session with it. */
    public static final String CSRF_SECRET = "security-tests-csrf-secret-0123456789-abcdef";

    private final Map<String, String> properties = new LinkedHashMap<>();
    private int apiKeys;

    private SecurityConfig() {
    }

    /** @return properties fenced to the test's beans by {@code spec.name} */
    public static SecurityConfig spec(String spec) {
        return new SecurityConfig().put("spec.name", spec);
    }

    /** @return properties without {@code spec.name} (for {@code Databases.config}, which sets it) */
    public static SecurityConfig none() {
        return new SecurityConfig();
    }

    /** {@code fx.security.jwt.secret}. */
    public SecurityConfig secret(String secret) {
        return jwt("secret", secret);
    }

    /** {@code fx.security.jwt.<key>}. */
    public SecurityConfig jwt(String key, String value) {
        return put("fx.security.jwt." + key, value);
    }

    /** The next {@code fx.security.api-keys.entries[n]}: its {@code key} and {@code user-id}. */
    public SecurityConfig apiKey(String key, String userId) {
        String entry = "fx.security.api-keys.entries[" + apiKeys++ + "].";
        return put(entry + "key", key).put(entry + "user-id", userId);
    }

    /** {@code fx.security.revocation.<key>}. */
    public SecurityConfig revocation(String key, String value) {
        return put("fx.security.revocation." + key, value);
    }

    /** {@code fx.security.csrf.<key>}. */
    public SecurityConfig csrf(String key, String value) {
        return put("fx.security.csrf." + key, value);
    }

    /** Cookie sessions, with the double-submit CSRF protection they require. */
    public SecurityConfig sessions() {
        return put("fx.security.session.enabled", "true").csrf("mode", "double-submit").csrf("secret", CSRF_SECRET);
    }

    /** {@code fx.openapi.enabled}. */
    public SecurityConfig openApi() {
        return put("fx.openapi.enabled", "true");
    }

    /** Declares {@code GET /api/whoami} with that access ({@link WhoAmI#PROPERTY}). */
    public SecurityConfig whoAmI(ActionAccess access) {
        return put(WhoAmI.PROPERTY, access.name().toLowerCase(Locale.ROOT));
    }

    public SecurityConfig put(String key, String value) {
        properties.put(key, value);
        return this;
    }

    /** @return the properties, in the order given */
    public Map<String, String> build() {
        return new LinkedHashMap<>(properties);
    }

    /** @return the properties as key/value pairs */
    public Object[] pairs() {
        return properties.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray();
    }
}
