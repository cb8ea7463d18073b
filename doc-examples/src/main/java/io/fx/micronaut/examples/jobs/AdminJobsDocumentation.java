package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.micronaut.context.annotation.Requires;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;

/**
 * Documents the admin routes as they answer: the {@code X-Admin-Token} header as their security scheme
 * ({@code adminToken}), and 202 rather than 200 for an accepted job.
 *
 * @since 0.8.0
 */
@Singleton
@Requires(property = JobVariables.ADMIN_TOKEN)
public class AdminJobsDocumentation implements OpenApiCustomizer {

    /** The security scheme's name. */
    static final String SCHEME = "adminToken";

    @Override
    public void customize(OpenAPI document) {
        if (document.getPaths() == null) {
            return;
        }
        if (document.getComponents() == null) {
            document.components(new Components());
        }
        document.getComponents().addSecuritySchemes(SCHEME, new SecurityScheme().type(SecurityScheme.Type.APIKEY)
            .in(SecurityScheme.In.HEADER).name(AdminToken.HEADER).description("BLOG_ADMIN_TOKEN"));
        document.getPaths().forEach((path, item) -> {
            if (path.endsWith("/admin/jobs") || path.endsWith("/admin/jobs/{id}") || path.endsWith("/admin/rotate-keys")) {
                for (Operation operation : item.readOperations()) {
                    operation.security(new ArrayList<>(List.of(new SecurityRequirement().addList(SCHEME))));
                }
            }
            if (path.endsWith("/admin/jobs")) {
                accepted(item);
            }
        });
    }

    private static void accepted(PathItem item) {
        Operation post = item.getPost();
        if (post == null || post.getResponses() == null) {
            return;
        }
        ApiResponse ok = post.getResponses().remove("200");
        if (ok != null) {
            post.getResponses().addApiResponse("202", ok.description("The job, accepted"));
        }
    }
}
