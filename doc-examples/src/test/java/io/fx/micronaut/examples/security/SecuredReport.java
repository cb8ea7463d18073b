package io.fx.micronaut.examples.security;

import io.micronaut.context.annotation.Executable;
import io.micronaut.context.annotation.Requires;
import io.micronaut.security.annotation.Secured;
import jakarta.inject.Singleton;

/**
 * The handler of {@link SecuredReportRoutes}: a plain route that asks Micronaut Security for an authenticated
 * caller, present only in {@link WithoutMicronautSecurityTest}. (A route builder rather than a controller, which
 * Micronaut OpenAPI would describe into the blog's document at test compile time.)
 */
@Singleton
@Requires(property = "spec.name", value = WithoutMicronautSecurityTest.SPEC)
class SecuredReport {

    @Executable
    @Secured("isAuthenticated()")
    String report() {
        return "{\"report\":true}";
    }
}
