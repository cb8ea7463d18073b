package io.fx.micronaut.examples.security;

import io.micronaut.context.ExecutionHandleLocator;
import io.micronaut.context.annotation.Requires;
import io.micronaut.web.router.DefaultRouteBuilder;
import jakarta.inject.Singleton;

/** {@code GET /api/reports}, served by {@link SecuredReport}, in {@link WithoutMicronautSecurityTest} only. */
@Singleton
@Requires(property = "spec.name", value = WithoutMicronautSecurityTest.SPEC)
class SecuredReportRoutes extends DefaultRouteBuilder {

    SecuredReportRoutes(ExecutionHandleLocator locator) {
        super(locator);
        GET("/api/reports", SecuredReport.class, "report");
    }
}
