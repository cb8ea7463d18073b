package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.convert.ConversionContext;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.cors.CrossOriginUtil;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteMatch;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Optional;

/**
 * Tells which check of Micronaut's CORS filter refused a request with its body-less 403, by checking
 * the request again against the same configuration in the filter's own order: the origin matches no
 * configuration; the (requested) method is not allowed, or not served on the path (preflight); a
 * requested header is not allowed (preflight); private-network access is not allowed (preflight); a
 * configuration without origins refused on a localhost server. Runs only on such refusals, never on
 * the hot path.
 */
@Internal
@Singleton
final class CorsRefusals {

    private final HttpServerConfiguration.CorsConfiguration cors;
    private final Router router;
    private final List<CorsPolicy> policies;

    CorsRefusals(HttpServerConfiguration.CorsConfiguration cors, Router router) {
        this.cors = cors;
        this.router = router;
        this.policies = cors.isEnabled()
            ? cors.getConfigurations().entrySet().stream().map(e -> new CorsPolicy(e.getKey(), e.getValue())).toList()
            : List.of();
    }

    /** @return why the CORS filter refused the request, or empty when it is no cross-origin request */
    Optional<CorsRefusal> diagnose(HttpRequest<?> request) {
        String origin = request.getHeaders().get(HttpHeaders.ORIGIN);
        if (origin == null) {
            return Optional.empty();
        }
        CorsPolicy policy = policy(request, origin).orElse(null);
        if (policy == null) {
            return Optional.of(CorsRefusal.origin(origin));
        }
        boolean preflight = isPreflight(request);
        String requestedMethod = preflight ? request.getHeaders().get(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD) : null;
        HttpMethod method = requestedMethod == null ? request.getMethod() : HttpMethod.parse(requestedMethod);
        String methodName = requestedMethod == null ? request.getMethodName() : requestedMethod;
        if (!policy.allows(method)) {
            return Optional.of(CorsRefusal.method(methodName));
        }
        if (preflight) {
            Optional<CorsRefusal> refusal = preflightRefusal(request, policy, method, methodName, origin);
            if (refusal.isPresent()) {
                return refusal;
            }
        }
        return policy.unsetOrigins() ? Optional.of(CorsRefusal.origin(origin)) : Optional.empty();
    }

    private Optional<CorsRefusal> preflightRefusal(HttpRequest<?> request, CorsPolicy policy, HttpMethod method,
                                                   String methodName, String origin) {
        List<UriRouteMatch<Object, Object>> routes = router.findAny(request);
        if (routes.stream().noneMatch(route -> route.getHttpMethod() == method)) {
            return Optional.of(CorsRefusal.unservedMethod(methodName));
        }
        List<String> headers = request.getHeaders()
            .get(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS, ConversionContext.LIST_OF_STRING).orElse(List.of());
        Optional<String> header = policy.refusedHeader(headers);
        if (header.isPresent()) {
            return Optional.of(CorsRefusal.header(header.get()));
        }
        boolean privateNetwork = request.getHeaders()
            .get(HttpHeaders.ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK, Boolean.class, Boolean.FALSE);
        if (privateNetwork && !policy.configuration().isAllowPrivateNetwork()) {
            return Optional.of(CorsRefusal.privateNetwork(origin));
        }
        return Optional.empty();
    }

    /**
     * @return whether no configuration admits the origin: neither a configured one nor the
     *         {@code @CrossOrigin} of a route on the request's path
     */
    boolean unknownOrigin(HttpRequest<?> request, String origin) {
        return policy(request, origin).isEmpty();
    }

    /** The configuration Micronaut picks: a matching {@code @CrossOrigin} of the route, else the first configured one. */
    private Optional<CorsPolicy> policy(HttpRequest<?> request, String origin) {
        Optional<CorsPolicy> annotated = CrossOriginUtil.getCorsOriginConfigurationForRequest(request)
            .map(configuration -> new CorsPolicy("@CrossOrigin", configuration))
            .filter(candidate -> candidate.matches(origin));
        if (annotated.isPresent()) {
            return annotated;
        }
        if (RouteAttributes.getRouteMatch(request).isEmpty()) {
            for (UriRouteMatch<Object, Object> route : router.findAny(request)) {
                Optional<CorsPolicy> candidate = CrossOriginUtil.getCorsOriginConfiguration(route)
                    .map(configuration -> new CorsPolicy("@CrossOrigin", configuration))
                    .filter(policy -> policy.matches(origin));
                if (candidate.isPresent()) {
                    return candidate;
                }
            }
        }
        return policies.stream().filter(candidate -> candidate.matches(origin)).findFirst();
    }

    /** Micronaut's definition: {@code OPTIONS} with {@code Origin} and any {@code Access-Control-Request-*} header. */
    static boolean isPreflight(HttpRequest<?> request) {
        HttpHeaders headers = request.getHeaders();
        return request.getMethod() == HttpMethod.OPTIONS && headers.contains(HttpHeaders.ORIGIN)
            && (headers.contains(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD)
                || headers.contains(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS)
                || headers.contains(HttpHeaders.ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK));
    }
}
