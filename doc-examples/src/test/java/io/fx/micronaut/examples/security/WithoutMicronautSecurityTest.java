package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import io.fx.micronaut.production.ProductionValidator;
import io.micronaut.core.reflect.ClassUtils;
import io.micronaut.security.annotation.Secured;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteInfo;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fx-micronaut-security brings {@code @Secured} (micronaut-security-annotations) but not Micronaut Security, and the
 * blog does not add it: {@code @Secured("isAnonymous()")} still declares a plain route public on purpose, while any
 * other rule covers nothing, even with {@code micronaut.security.filter.enabled: true}, since no filter exists to
 * enforce it.
 */
class WithoutMicronautSecurityTest {

    static final String SPEC = "WithoutMicronautSecurityTest";

    @Test
    void theBlogRunsWithoutMicronautSecurity() {
        ClassLoader loader = getClass().getClassLoader();
        assertFalse(ClassUtils.isPresent("io.micronaut.security.rules.SecurityRule", loader),
            "doc-examples has Micronaut Security on its class path");
        assertTrue(ClassUtils.isPresent("io.micronaut.security.annotation.Secured", loader));
        try (BlogServer locked = BlogServer.start(Map.of("BLOG_API_KEY", "only-key"), Map.of("fx.production", true))) {
            assertEquals(List.of(), locked.context().getBean(ProductionValidator.class).findUncovered());
            assertEquals(200, new Client(locked.url()).send("GET", "/api/catalog", null).status(),
                "@Secured(\"isAnonymous()\") declares the catalog public");
        }
    }

    @Test
    void anotherSecuredRuleCoversNothingWithoutTheFilterEvenWhenTheSettingTurnsItOn() {
        Map<String, Object> properties = Map.of("spec.name", SPEC, "micronaut.security.filter.enabled", true);
        try (BlogServer server = BlogServer.start(Map.of("BLOG_API_KEY", "only-key"), properties)) {
            UriRouteInfo<?, ?> report = server.context().getBean(Router.class).uriRoutes()
                .filter(route -> route.getUriMatchTemplate().toPathString().equals("/api/reports"))
                .findFirst().orElseThrow();
            assertEquals(List.of("isAuthenticated()"), List.of(report.getAnnotationMetadata().stringValues(Secured.class)));
            List<String> uncovered = server.context().getBean(ProductionValidator.class).findUncovered();
            assertTrue(uncovered.stream().anyMatch(line -> line.contains("/api/reports (SecuredReport.report)")),
                uncovered.toString());
            assertEquals(200, new Client(server.url()).send("GET", "/api/reports", null).status(),
                "nothing enforces the rule: the route answers without a credential");
        }
        Map<String, Object> production = new HashMap<>(properties);
        production.put("fx.production", true);
        Exception refused = assertThrows(Exception.class,
            () -> BlogServer.start(Map.of("BLOG_API_KEY", "only-key"), production));
        String causes = BlogStartupTest.causes(refused);
        assertTrue(causes.contains("/api/reports (SecuredReport.report)"), causes);
        assertFalse(causes.contains("/api/catalog"), causes);
    }
}
