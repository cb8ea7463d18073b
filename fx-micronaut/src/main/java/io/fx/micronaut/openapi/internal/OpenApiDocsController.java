package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.openapi.OpenApiConfiguration;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.openapi.internal.RequiresOpenApi;
import io.fx.micronaut.web.AuthStepGate;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.io.ResourceResolver;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.server.types.files.StreamedFile;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;

/**
 * Serves {@code {prefix}/docs}: a Swagger UI page for {@code {prefix}/openapi.json}, its scripts and
 * styles read from the {@code org.webjars:swagger-ui} webjar on the classpath (no CDN). Mounted when the
 * document is, the webjar is present and {@code fx.openapi.docs-enabled} is not false. Only the files
 * the page needs are served, to the callers {@code fx.openapi.access} admits ({@link DocumentAccess}).
 */
@Internal
@RequiresOpenApi
@Requires(property = OpenApiConfiguration.PREFIX + ".docs-enabled", notEquals = "false")
@Requires(resources = OpenApiDocsController.WEBJAR_PROPERTIES)
@Controller("${fx.path-prefix:/api}/docs")
class OpenApiDocsController {

    /** The webjar's Maven properties, which name its version (and so its resource folder). */
    static final String WEBJAR_PROPERTIES = "classpath:META-INF/maven/org.webjars/swagger-ui/pom.properties";

    private static final Map<String, MediaType> ASSETS = Map.of(
        "swagger-ui.css", MediaType.of("text/css"),
        "swagger-ui-bundle.js", MediaType.of("application/javascript"),
        "swagger-ui-standalone-preset.js", MediaType.of("application/javascript"),
        "favicon-32x32.png", MediaType.IMAGE_PNG_TYPE,
        "favicon-16x16.png", MediaType.IMAGE_PNG_TYPE);

    private final ResourceResolver resources;
    private final String assetFolder;
    private final byte[] page;
    private final byte[] notFound;
    private final DocumentAccess access;
    private final String cacheControl;

    OpenApiDocsController(ResourceResolver resources, FxConfiguration fx, OpenApiConfiguration configuration,
                          JsonCodec json, DocumentAccess access) {
        this.resources = resources;
        this.access = access;
        // a protected page's assets are no one else's to keep: a shared cache must not serve them to others
        this.cacheControl = access.isPublic() ? "public, max-age=86400" : "private, max-age=86400";
        this.notFound = json.writeBytes(ErrorEnvelope.of(ErrorCode.NOT_FOUND.name(), "Not found", null));
        this.assetFolder = "classpath:META-INF/resources/webjars/swagger-ui/" + webjarVersion(resources) + "/";
        String prefix = fx.getPathPrefix().endsWith("/") ? fx.getPathPrefix().substring(0, fx.getPathPrefix().length() - 1)
            : fx.getPathPrefix();
        this.page = page(prefix, configuration.getTitle().orElse(OpenApiConfiguration.DEFAULT_TITLE));
    }

    @Get(produces = MediaType.TEXT_HTML)
    @ExecuteOn(AuthStepGate.EXECUTOR)
    HttpResponse<?> docs(HttpRequest<?> request) {
        return access.serve(request, "/docs", () -> HttpResponse.ok(page).contentType(MediaType.TEXT_HTML_TYPE));
    }

    @Get("/{asset}")
    @ExecuteOn(AuthStepGate.EXECUTOR)
    HttpResponse<?> asset(HttpRequest<?> request, @PathVariable String asset) {
        return access.serve(request, "/docs/{asset}", () -> {
            MediaType type = ASSETS.get(asset);
            InputStream in = type == null ? null : resources.getResourceAsStream(assetFolder + asset).orElse(null);
            if (in == null) {
                return HttpResponse.notFound(notFound).contentType(MediaType.APPLICATION_JSON_TYPE);
            }
            return HttpResponse.ok(new StreamedFile(in, type)).header("Cache-Control", cacheControl);
        });
    }

    private static String webjarVersion(ResourceResolver resources) {
        try (InputStream in = resources.getResourceAsStream(WEBJAR_PROPERTIES).orElseThrow(
            () -> new FxConfigurationException("The swagger-ui webjar has no " + WEBJAR_PROPERTIES))) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] page(String prefix, String title) {
        String html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <title>%1$s</title>
              <link rel="stylesheet" href="%2$s/docs/swagger-ui.css">
              <link rel="icon" type="image/png" href="%2$s/docs/favicon-32x32.png">
            </head>
            <body>
              <div id="swagger-ui"></div>
              <script src="%2$s/docs/swagger-ui-bundle.js"></script>
              <script>
                window.ui = SwaggerUIBundle({url: "%2$s/openapi.json", dom_id: "#swagger-ui", deepLinking: true});
              </script>
            </body>
            </html>
            """.formatted(escape(title), prefix);
        return html.getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
