package io.fx.micronaut.web;

import io.micronaut.http.HttpMethod;
import io.micronaut.http.server.cors.CorsOriginConfiguration;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One of Micronaut's CORS configurations ({@code micronaut.server.cors.configurations.<name>}) read the
 * way Micronaut 4.10's {@code CorsFilter} reads it, with its origin pattern compiled once: which origins
 * it admits, which methods and request headers it allows, and whether it admits any origin at all.
 */
final class CorsPolicy {

    /** The configuration-key prefix of a named configuration. */
    static final String PREFIX = "micronaut.server.cors.configurations.";

    /** An origin no deliberate pattern admits: a pattern matching it admits any origin. */
    private static final List<String> PROBES = List.of("https://fx-cors-probe.invalid", "http://fx-cors-probe.invalid:1");

    private final String name;
    private final CorsOriginConfiguration configuration;
    private final Pattern pattern;

    CorsPolicy(String name, CorsOriginConfiguration configuration) {
        this.name = name;
        this.configuration = configuration;
        this.pattern = configuration.getAllowedOriginsRegex().map(Pattern::compile).orElse(null);
    }

    String name() {
        return name;
    }

    CorsOriginConfiguration configuration() {
        return configuration;
    }

    /** @return whether Micronaut picks this configuration for the origin */
    boolean matches(String origin) {
        if (pattern != null && pattern.matcher(origin).matches()) {
            return true;
        }
        List<String> origins = configuration.getAllowedOrigins();
        return !origins.isEmpty() && (unsetOrigins() || origins.contains(origin));
    }

    /** @return whether Micronaut treats this configuration as the any-origin one (and refuses it on localhost) */
    boolean unsetOrigins() {
        return pattern == null && configuration.getAllowedOrigins() == CorsOriginConfiguration.ANY;
    }

    /** @return why this configuration admits any origin (a phrase naming the key), or empty when it does not */
    Optional<String> anyOrigin() {
        if (pattern != null && PROBES.stream().anyMatch(probe -> pattern.matcher(probe).matches())) {
            return Optional.of("allowed-origins-regex '" + pattern.pattern() + "' matches any origin");
        }
        if (unsetOrigins()) {
            return Optional.of("allowed-origins is not set, which Micronaut reads as any origin");
        }
        if (configuration.getAllowedOrigins().contains("*")) {
            return Optional.of("allowed-origins lists '*'");
        }
        return Optional.empty();
    }

    boolean allows(HttpMethod method) {
        List<HttpMethod> methods = configuration.getAllowedMethods();
        return methods == CorsOriginConfiguration.ANY_METHOD || methods.contains(method);
    }

    /** @return the first requested header the configuration does not allow (names compare ignoring case) */
    Optional<String> refusedHeader(List<String> requested) {
        List<String> allowed = configuration.getAllowedHeaders();
        if (allowed == CorsOriginConfiguration.ANY) {
            return Optional.empty();
        }
        return requested.stream().map(String::trim)
            .filter(header -> allowed.stream().noneMatch(header::equalsIgnoreCase))
            .findFirst();
    }
}
