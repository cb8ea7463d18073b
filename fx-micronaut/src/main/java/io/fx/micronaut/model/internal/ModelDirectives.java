package io.fx.micronaut.model.internal;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.Versioning;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.beans.BeanIntrospection;

/**
 * Reads {@code @Fx} on a model class: the directives of the model itself, of which there is one,
 * {@code versioned} ({@code versioned:diff_only} keeps no snapshots). Anything else there fails startup naming
 * the model: a class-level directive that does nothing would hide a mistake.
 */
@Internal
final class ModelDirectives {

    private ModelDirectives() {
    }

    /**
     * @param introspection the model class
     * @return the versioning the class's {@code @Fx} asks for, or null when it carries none
     */
    @Nullable
    static Versioning versioning(BeanIntrospection<?> introspection) {
        String text = introspection.stringValue(Fx.class).orElse(null);
        if (text == null || text.isBlank()) {
            return null;
        }
        String model = introspection.getBeanType().getSimpleName();
        Versioning versioning = null;
        for (String part : text.split(",")) {
            String item = part.strip();
            if (item.isEmpty()) {
                continue;
            }
            if (item.equals("versioned")) {
                versioning = versioning == null ? Versioning.DEFAULT : versioning;
            } else if (item.startsWith("versioned:")) {
                String value = item.substring("versioned:".length()).strip();
                if (!value.equals("diff_only")) {
                    throw new FxConfigurationException("Model " + model + ": @Fx(\"versioned:" + value
                        + "\") is not a versioning option; the one there is 'versioned:diff_only'");
                }
                versioning = new Versioning(true, false);
            } else {
                throw new FxConfigurationException("Model " + model + ": @Fx on the model class takes 'versioned' or "
                    + "'versioned:diff_only', not '" + item + "' (field directives go on properties)");
            }
        }
        return versioning;
    }
}
