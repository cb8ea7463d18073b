package io.fx.micronaut.security.csrf;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.security.cookie.CookieNames;
import io.micronaut.http.cookie.SameSite;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@link CsrfConfiguration} checked once at startup: every inconsistency fails with the key at fault. With the
 * mode off only the mode itself is checked and the rest is ignored.
 */
@Singleton
final class CsrfSettings {

    private final CsrfMode mode;
    private final String cookieName;
    private final String headerName;
    private final boolean secure;
    private final SameSite sameSite;
    private final boolean enforceBearer;
    private final byte[] secret;
    private final AllowedOrigins origins;
    private final Set<String> exemptPaths;
    private final String prefix;

    CsrfSettings(CsrfConfiguration configuration, FxConfiguration fx) {
        this.mode = CsrfMode.of(configuration.getMode());
        boolean on = mode != CsrfMode.OFF;
        this.secure = configuration.isSecure();
        this.cookieName = on ? CookieNames.of(name(configuration.getCookieName(), "cookie-name"), secure,
            configuration.isHostPrefix(), CsrfConfiguration.PREFIX) : configuration.getCookieName();
        this.headerName = on ? name(configuration.getHeaderName(), "header-name") : configuration.getHeaderName();
        this.sameSite = on ? sameSite(configuration.getSameSite(), secure) : SameSite.Lax;
        this.enforceBearer = configuration.isEnforceBearer();
        this.secret = on ? secret(configuration, mode) : null;
        this.origins = AllowedOrigins.of(on ? configuration.getAllowedOrigins().orElse(List.of()) : List.of());
        this.exemptPaths = exemptPaths(on ? configuration.getExemptPaths().orElse(List.of()) : List.of());
        String p = fx.getPathPrefix().strip();
        this.prefix = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    CsrfMode mode() {
        return mode;
    }

    String cookieName() {
        return cookieName;
    }

    String headerName() {
        return headerName;
    }

    boolean secure() {
        return secure;
    }

    SameSite sameSite() {
        return sameSite;
    }

    boolean enforceBearer() {
        return enforceBearer;
    }

    /** @return the secret (a copy), or null with the mode off */
    byte[] secret() {
        return secret == null ? null : secret.clone();
    }

    AllowedOrigins origins() {
        return origins;
    }

    /** @return exempt paths, normalised: a leading slash, no trailing one */
    Set<String> exemptPaths() {
        return exemptPaths;
    }

    /** @return the path prefix, without a trailing slash */
    String prefix() {
        return prefix;
    }

    private static String name(String value, String key) {
        String v = value == null ? "" : value.strip();
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c <= ' ' || c >= 127 || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                v = "";
                break;
            }
        }
        if (v.isEmpty()) {
            throw new FxConfigurationException(CsrfConfiguration.PREFIX + "." + key + " is '" + value
                + "': it must be a non-blank token without separators");
        }
        return v;
    }

    private static SameSite sameSite(String value, boolean secure) {
        String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        SameSite result = switch (v) {
            case "strict" -> SameSite.Strict;
            case "lax" -> SameSite.Lax;
            case "none" -> SameSite.None;
            default -> throw new FxConfigurationException(CsrfConfiguration.PREFIX + ".same-site is '" + value
                + "': use Strict, Lax or None");
        };
        if (result == SameSite.None && !secure) {
            throw new FxConfigurationException(CsrfConfiguration.PREFIX + ".same-site None needs "
                + CsrfConfiguration.PREFIX + ".secure: true (browsers drop such cookies otherwise)");
        }
        return result;
    }

    private static byte[] secret(CsrfConfiguration configuration, CsrfMode mode) {
        String key = CsrfConfiguration.PREFIX + ".secret";
        String value = configuration.getSecret().orElse(null);
        if (value == null || value.isBlank()) {
            throw new FxConfigurationException(CsrfConfiguration.PREFIX + ".mode " + mode.value() + " needs " + key
                + " (at least " + CsrfConfiguration.MIN_SECRET_BYTES + " bytes): "
                + (mode == CsrfMode.SIGNED ? "the token is the HMAC of the session id"
                : "a token carries the HMAC that binds it to its session"));
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < CsrfConfiguration.MIN_SECRET_BYTES) {
            throw new FxConfigurationException(key + " is " + bytes.length + " bytes: it must be at least "
                + CsrfConfiguration.MIN_SECRET_BYTES + " bytes");
        }
        return bytes;
    }

    private static Set<String> exemptPaths(List<String> entries) {
        Set<String> paths = new HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            String entry = entries.get(i) == null ? "" : entries.get(i).strip();
            if (!entry.startsWith("/")) {
                throw new FxConfigurationException(CsrfConfiguration.PREFIX + ".exempt-paths[" + i + "] is '" + entry
                    + "': it must be a path below the prefix starting with / (such as /login)");
            }
            paths.add(trim(entry));
        }
        return Set.copyOf(paths);
    }

    static String trim(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
