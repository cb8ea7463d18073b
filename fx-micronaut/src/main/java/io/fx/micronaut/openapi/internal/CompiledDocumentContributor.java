package io.fx.micronaut.openapi.internal;

import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Merges what Micronaut OpenAPI generated at compile time for the application's own controllers
 * ({@code META-INF/swagger/*.yml}): its paths, components, tags and security requirements join the
 * document; where a path or component name exists already, the generated one is kept and the clash
 * logged. Its title, description and version serve when {@code fx.openapi} sets none.
 */
@Singleton
@RequiresOpenApi
final class CompiledDocumentContributor implements OpenApiContributor {

    private static final Logger LOG = LoggerFactory.getLogger(CompiledDocumentContributor.class);

    @Override
    public int getOrder() {
        return COMPILED_DOCUMENT;
    }

    @Override
    public void contribute(@NonNull OpenApiBuildContext context) {
        if (!context.getConfiguration().isMergeCompiled()) {
            return;
        }
        for (OpenAPI compiled : CompiledDocuments.read(classLoader())) {
            merge(context, compiled);
        }
    }

    /**
     * @param context  the document under construction
     * @param compiled a compiled document, as 3.1
     */
    static void merge(OpenApiBuildContext context, OpenAPI compiled) {
        OpenAPI document = context.getDocument();
        info(context, compiled.getInfo());
        if (compiled.getPaths() != null) {
            compiled.getPaths().forEach((path, item) -> {
                if (document.getPaths().containsKey(path)) {
                    LOG.warn("OpenAPI: the compiled path {} clashes with a generated one and is left out", path);
                } else {
                    document.getPaths().addPathItem(path, item);
                }
            });
        }
        Components from = compiled.getComponents();
        Components to = document.getComponents();
        if (from != null) {
            copy(from.getSchemas(), to.getSchemas(), to::addSchemas, "schema");
            copy(from.getResponses(), to.getResponses(), to::addResponses, "response");
            copy(from.getParameters(), to.getParameters(), to::addParameters, "parameter");
            copy(from.getRequestBodies(), to.getRequestBodies(), to::addRequestBodies, "request body");
            copy(from.getHeaders(), to.getHeaders(), to::addHeaders, "header");
            copy(from.getSecuritySchemes(), to.getSecuritySchemes(), to::addSecuritySchemes, "security scheme");
            copy(from.getExamples(), to.getExamples(), to::addExamples, "example");
        }
        if (compiled.getTags() != null) {
            compiled.getTags().stream().filter(t -> document.getTags() == null
                || document.getTags().stream().noneMatch(existing -> existing.getName().equals(t.getName())))
                .forEach(document::addTagsItem);
        }
        if (compiled.getSecurity() != null && document.getSecurity() == null) {
            document.setSecurity(compiled.getSecurity());
        }
    }

    private static void info(OpenApiBuildContext context, Info compiled) {
        if (compiled == null) {
            return;
        }
        Info info = context.getDocument().getInfo();
        if (context.getConfiguration().getTitle().isEmpty() && compiled.getTitle() != null) {
            info.setTitle(compiled.getTitle());
        }
        if (context.getConfiguration().getVersion().isEmpty() && compiled.getVersion() != null) {
            info.setVersion(compiled.getVersion());
        }
        if (context.getConfiguration().getDescription().isEmpty() && compiled.getDescription() != null) {
            info.setDescription(compiled.getDescription());
        }
    }

    private static <T> void copy(Map<String, T> from, Map<String, T> existing, BiConsumer<String, T> add, String kind) {
        if (from == null) {
            return;
        }
        from.forEach((name, value) -> {
            if (existing != null && existing.containsKey(name)) {
                LOG.warn("OpenAPI: the compiled {} {} clashes with a generated one and is left out", kind, name);
            } else {
                add.accept(name, value);
            }
        });
    }

    private ClassLoader classLoader() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return loader != null ? loader : CompiledDocumentContributor.class.getClassLoader();
    }
}
