package io.fx.micronaut.security.rules;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The access rules of the configuration, read and checked once at startup:
 * {@code fx.security.anonymous.{models,operations}}, {@code fx.security.public-read} and
 * {@code fx.security.models.<Model>.{owner.{field,admin-roles,operations}, roles.<op>, scopes.<op>,
 * any-scopes.<op>, tenant, block}}. Unknown models, fields and operations fail startup.
 */
@Internal
@Singleton
public final class ConfiguredRules {

    static final String PREFIX = "fx.security";
    private static final String MODELS = PREFIX + ".models";

    private final boolean anonymous;
    private final Set<String> anonymousModels;
    private final Set<Operation> anonymousOperations;
    private final Set<String> publicRead;
    private final Map<String, ModelRules> models;

    ConfiguredRules(Environment environment, ModelRegistry registry) {
        this.anonymous = environment.containsProperties(PREFIX + ".anonymous");
        this.anonymousModels = Set.copyOf(modelNames(registry, strings(environment, PREFIX + ".anonymous.models"),
            PREFIX + ".anonymous.models"));
        this.anonymousOperations = operations(strings(environment, PREFIX + ".anonymous.operations"),
            PREFIX + ".anonymous.operations");
        this.publicRead = Set.copyOf(modelNames(registry, strings(environment, PREFIX + ".public-read"), PREFIX + ".public-read"));
        Map<String, ModelRules> rules = new LinkedHashMap<>();
        for (String key : environment.getPropertyEntries(MODELS)) {
            ModelDescriptor model = model(registry, key, MODELS + "." + key);
            rules.put(model.getName(), read(environment, model, MODELS + "." + key));
        }
        this.models = Map.copyOf(rules);
    }

    /** @return whether {@code fx.security.anonymous} is configured */
    public boolean isAnonymous() {
        return anonymous;
    }

    /** @return the models anonymous callers may use; empty for all */
    public Set<String> anonymousModels() {
        return anonymousModels;
    }

    /** @return the operations anonymous callers may use; empty for all */
    public Set<Operation> anonymousOperations() {
        return anonymousOperations;
    }

    /** @return the models whose list and read are public */
    public Set<String> publicRead() {
        return publicRead;
    }

    /** @return the per-model rules by model name */
    public Map<String, ModelRules> models() {
        return models;
    }

    private static ModelRules read(Environment environment, ModelDescriptor model, String prefix) {
        String ownerField = environment.getProperty(prefix + ".owner.field", String.class).orElse(null);
        if (ownerField != null) {
            field(model, ownerField, prefix + ".owner.field");
        }
        String tenant = environment.getProperty(prefix + ".tenant", String.class).orElse(null);
        if (tenant != null) {
            field(model, tenant, prefix + ".tenant");
        }
        return new ModelRules(model.getName(), ownerField, strings(environment, prefix + ".owner.admin-roles"),
            operations(strings(environment, prefix + ".owner.operations"), prefix + ".owner.operations"),
            perOperation(environment, prefix + ".roles"), perOperation(environment, prefix + ".scopes"),
            perOperation(environment, prefix + ".any-scopes"), tenant,
            operations(strings(environment, prefix + ".block"), prefix + ".block"));
    }

    private static Map<Operation, List<String>> perOperation(Environment environment, String prefix) {
        Map<Operation, List<String>> out = new LinkedHashMap<>();
        for (String key : environment.getPropertyEntries(prefix)) {
            List<String> names = strings(environment, prefix + "." + key);
            if (names.isEmpty()) {
                throw new FxConfigurationException(prefix + "." + key + " names no value");
            }
            out.put(operation(key, prefix), names);
        }
        return out;
    }

    private static List<String> strings(Environment environment, String key) {
        List<String> out = new ArrayList<>();
        environment.getProperty(key, String[].class).ifPresent(values -> Arrays.stream(values)
            .map(String::strip).filter(v -> !v.isEmpty()).forEach(out::add));
        return List.copyOf(out);
    }

    private static Set<Operation> operations(List<String> names, String key) {
        if (names.isEmpty()) {
            return Set.of();
        }
        Set<Operation> out = new LinkedHashSet<>();
        names.forEach(n -> out.add(operation(n, key)));
        return Set.copyOf(out);
    }

    private static Operation operation(String name, String key) {
        String normal = name.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Operation op : List.of(Operation.LIST, Operation.READ, Operation.CREATE, Operation.UPDATE, Operation.DELETE)) {
            if (op.name().equals(normal)) {
                return op;
            }
        }
        throw new FxConfigurationException(key + " names the operation '" + name
            + "'; use list, read, create, update or delete");
    }

    private static List<String> modelNames(ModelRegistry registry, List<String> names, String key) {
        return names.stream().map(n -> model(registry, n, key).getName()).toList();
    }

    private static ModelDescriptor model(ModelRegistry registry, String name, String key) {
        String wanted = normal(name);
        return registry.getModels().stream().filter(m -> normal(m.getName()).equals(wanted)).findFirst()
            .orElseThrow(() -> new FxConfigurationException(key + " names the model '" + name + "', which is not registered"));
    }

    private static String normal(String name) {
        return name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    private static void field(ModelDescriptor model, String field, String key) {
        if (model.getFields().stream().noneMatch(f -> f.name().equals(field) || field.equals(f.property()))) {
            throw new FxConfigurationException(key + " names the field '" + field + "', which model "
                + model.getName() + " does not have");
        }
    }
}
