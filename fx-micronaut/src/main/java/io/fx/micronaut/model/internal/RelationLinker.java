package io.fx.micronaut.model.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ReferentialAction;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves the relation declarations of every registered model into {@link RelationDescriptor}s,
 * once all models are known: BelongsTo first (HasMany and ManyToMany are found through them), then
 * lists. Every failure names the model and the field.
 */
final class RelationLinker {

    private final Map<Class<?>, ModelDescriptor> byType;
    private final Map<String, ModelDescriptor> byName = new HashMap<>();
    private final Map<ModelDescriptor, List<RelationDescriptor>> belongsTo = new LinkedHashMap<>();

    private RelationLinker(Map<Class<?>, ModelDescriptor> byType) {
        this.byType = byType;
        byType.values().forEach(m -> byName.put(m.getName(), m));
    }

    /**
     * Links the relations of every model.
     *
     * @param byType       the registered models by class
     * @param declarations each model's declarations
     */
    static void link(Map<Class<?>, ModelDescriptor> byType, Map<Class<?>, List<RelationDeclaration>> declarations) {
        RelationLinker linker = new RelationLinker(byType);
        for (ModelDescriptor model : byType.values()) {
            linker.belongsTo.put(model, linker.keys(model, declarations.getOrDefault(model.getType(), List.of())));
        }
        for (ModelDescriptor model : byType.values()) {
            List<RelationDescriptor> all = new ArrayList<>(linker.belongsTo.get(model));
            for (RelationDeclaration d : declarations.getOrDefault(model.getType(), List.of())) {
                if (d.form() == RelationDeclaration.Form.HAS_MANY) {
                    all.add(linker.hasMany(model, d));
                } else if (d.form() == RelationDeclaration.Form.MANY_TO_MANY) {
                    all.add(linker.manyToMany(model, d));
                }
            }
            checkNames(model, all);
            model.linkRelations(all);
        }
    }

    private List<RelationDescriptor> keys(ModelDescriptor model, List<RelationDeclaration> declarations) {
        Map<String, RelationDeclaration> companions = new LinkedHashMap<>();
        declarations.stream().filter(d -> d.form() == RelationDeclaration.Form.COMPANION)
            .forEach(d -> companions.put(d.property().toLowerCase(), d));
        Set<String> used = new HashSet<>();
        List<RelationDescriptor> relations = new ArrayList<>();
        for (RelationDeclaration d : declarations) {
            RelationDescriptor relation = belongsTo(model, d, companions, used);
            if (relation != null) {
                relations.add(relation);
            }
        }
        for (Map.Entry<String, RelationDeclaration> companion : companions.entrySet()) {
            if (!used.contains(companion.getKey())) {
                RelationDeclaration d = companion.getValue();
                throw fail(model, d, "a property of model type " + d.targetType().getSimpleName() + " needs a key "
                    + "property " + d.property() + "Id, or a String property marked relation:" + capitalize(d.property()));
            }
        }
        return relations;
    }

    /**
     * @return the BelongsTo a key declaration makes, or null when it makes none (not a key, or a
     *         conventional {@code <Name>Id} where no model Name is registered: an ordinary column)
     */
    private RelationDescriptor belongsTo(ModelDescriptor model, RelationDeclaration d,
                                         Map<String, RelationDeclaration> companions, Set<String> used) {
        boolean explicit = d.form() == RelationDeclaration.Form.EXPLICIT_KEY;
        if (!explicit && d.form() != RelationDeclaration.Form.CONVENTION_KEY) {
            return null;
        }
        RelationDeclaration companion = companions.get(d.targetName().toLowerCase());
        if (explicit && companion == null) {
            throw fail(model, d, "relation:" + d.targetName() + " needs a companion property '"
                + decapitalize(d.targetName()) + "' whose type is the related model");
        }
        ModelDescriptor target = companion != null
            ? registered(model, d, companion.targetType()) : byName.get(d.targetName());
        if (target == null) {
            if (d.onDelete() != null) {
                throw fail(model, d, "onDelete needs a relation, but no model named " + d.targetName() + " is registered");
            }
            return null;
        }
        if (companion != null) {
            used.add(companion.property().toLowerCase());
        }
        FieldDescriptor foreignKey = model.findField(d.column()).orElseThrow(() -> fail(model, d,
            "the relation key is not a stored field"));
        ReferentialAction action = d.onDelete() == null ? ReferentialAction.NO_ACTION : d.onDelete();
        if (action == ReferentialAction.SET_NULL && !foreignKey.nullable()) {
            throw fail(model, d, "onDelete:setNull needs a key that may be null (it is required or primitive)");
        }
        String key = Naming.snakeCase(companion != null ? companion.property() : target.getName());
        return new RelationDescriptor(key, RelationKind.BELONGS_TO, d.property(), target, foreignKey, null, null, action);
    }

    private RelationDescriptor hasMany(ModelDescriptor model, RelationDeclaration d) {
        ModelDescriptor child = registered(model, d, d.targetType());
        RelationDescriptor back = single(model, d, child, model, "has no key property pointing to " + model.getName()
            + " (add " + decapitalize(model.getName()) + "Id, or relation:Name with a companion)");
        return new RelationDescriptor(Naming.snakeCase(d.property()), RelationKind.HAS_MANY, d.property(), child,
            back.foreignKey(), null, null, ReferentialAction.NO_ACTION);
    }

    private RelationDescriptor manyToMany(ModelDescriptor model, RelationDeclaration d) {
        ModelDescriptor target = registered(model, d, d.targetType());
        ModelDescriptor junction = byName.get(d.targetName());
        if (junction == null) {
            throw fail(model, d, "through:" + d.targetName() + " names no registered junction model");
        }
        if (target == model) {
            throw fail(model, d, "a many-to-many relation of a model with itself is not supported");
        }
        String missing = "has no key property pointing to ";
        RelationDescriptor own = single(model, d, junction, model, missing + model.getName());
        RelationDescriptor other = single(model, d, junction, target, missing + target.getName());
        return new RelationDescriptor(Naming.snakeCase(d.property()), RelationKind.MANY_TO_MANY, d.property(), target,
            own.foreignKey(), junction, other.foreignKey(), ReferentialAction.NO_ACTION);
    }

    private RelationDescriptor single(ModelDescriptor model, RelationDeclaration d, ModelDescriptor holder,
                                      ModelDescriptor pointee, String missing) {
        List<RelationDescriptor> matches = belongsTo.get(holder).stream().filter(r -> r.target() == pointee).toList();
        if (matches.isEmpty()) {
            throw fail(model, d, holder.getName() + " " + missing);
        }
        if (matches.size() > 1) {
            throw fail(model, d, holder.getName() + " has " + matches.size() + " key properties pointing to "
                + pointee.getName() + "; the relation is ambiguous");
        }
        return matches.get(0);
    }

    private ModelDescriptor registered(ModelDescriptor model, RelationDeclaration d, Class<?> type) {
        ModelDescriptor target = byType.get(type);
        if (target == null) {
            throw fail(model, d, "the related model " + type.getSimpleName() + " is not registered");
        }
        return target;
    }

    private static void checkNames(ModelDescriptor model, List<RelationDescriptor> relations) {
        Set<String> names = new HashSet<>();
        for (RelationDescriptor relation : relations) {
            if (model.findField(relation.name()).isPresent() || !names.add(relation.name())) {
                throw new FxConfigurationException("Model " + model.getName() + ", field "
                    + Naming.snakeCase(relation.property()) + ": the relation key '" + relation.name()
                    + "' is already used by a field or another relation");
            }
        }
    }

    private static FxConfigurationException fail(ModelDescriptor model, RelationDeclaration d, String message) {
        return new FxConfigurationException("Model " + model.getName() + ", field " + d.column() + ": " + message);
    }

    private static String decapitalize(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    private static String capitalize(String name) {
        return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
