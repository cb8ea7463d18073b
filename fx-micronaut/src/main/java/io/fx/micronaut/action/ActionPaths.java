package io.fx.micronaut.action;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.http.HttpMethod;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Startup checks of action paths: syntax, and collisions with the generated model routes
 * ({@code /{collection}} and {@code /{collection}/{id}}) and the probes for the same method.
 */
final class ActionPaths {

    private static final Pattern PARAMETER = Pattern.compile("\\{[A-Za-z_][A-Za-z0-9_]*}");
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9._~!$&'()*+,;=:@-]+");
    private static final Set<HttpMethod> COLLECTION_METHODS =
        EnumSet.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST, HttpMethod.OPTIONS);
    private static final Set<HttpMethod> RECORD_METHODS =
        EnumSet.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.PATCH, HttpMethod.DELETE, HttpMethod.OPTIONS);
    private static final Set<String> PROBES = Set.of("live", "ready", "health");

    private ActionPaths() {
    }

    /** @return the path's segments, after checking its syntax */
    static List<String> segments(Action action) {
        String path = action.path();
        if (!path.startsWith("/") || path.length() < 2 || path.endsWith("/") || path.contains("//")) {
            throw new FxConfigurationException("Action " + action.describe()
                + ": the path must start with '/', name at least one segment and not end with '/'");
        }
        List<String> segments = List.of(path.substring(1).split("/"));
        for (String segment : segments) {
            if (!PARAMETER.matcher(segment).matches() && !LITERAL.matcher(segment).matches()) {
                throw new FxConfigurationException("Action " + action.describe() + ": the segment '" + segment
                    + "' is neither a literal nor a {name} parameter");
            }
        }
        return segments;
    }

    /** Fails when the action would shadow, or be shadowed by, a generated route or a probe. */
    static void checkCollisions(Action action, List<String> segments, ModelRegistry registry) {
        if (segments.size() > 2) {
            return;
        }
        String first = segments.get(0);
        boolean record = segments.size() == 2;
        if (!(record ? RECORD_METHODS : COLLECTION_METHODS).contains(action.method())) {
            return;
        }
        if (isParameter(first)) {
            if (!registry.getModels().isEmpty()) {
                ModelDescriptor any = registry.getModels().iterator().next();
                throw collision(action, any, record);
            }
            return;
        }
        registry.findByCollection(first).ifPresent(model -> {
            throw collision(action, model, record);
        });
        if (!record && PROBES.contains(first) && (action.method() == HttpMethod.GET || action.method() == HttpMethod.HEAD)) {
            throw new FxConfigurationException("Action " + action.describe() + " collides with the /" + first + " probe");
        }
    }

    static boolean isParameter(String segment) {
        return segment.startsWith("{");
    }

    /** @return the path with parameter names blanked, so that two actions matching the same URIs compare equal */
    static String shape(Action action, List<String> segments) {
        StringBuilder shape = new StringBuilder(action.method().name()).append(' ');
        for (String segment : segments) {
            shape.append('/').append(isParameter(segment) ? "{}" : segment);
        }
        return shape.toString();
    }

    private static FxConfigurationException collision(Action action, ModelDescriptor model, boolean record) {
        return new FxConfigurationException("Action " + action.describe() + " collides with the generated route "
            + action.method() + " /" + model.getTable() + (record ? "/{id}" : "") + " of model " + model.getName());
    }
}
