package io.fx.micronaut.model.internal;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ReferentialAction;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanProperty;
import io.micronaut.core.type.Argument;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the relation declarations of a model's properties: key properties ({@code <Target>Id},
 * {@code relation:Name;onDelete:action}), companions of a model type and lists of a model type
 * ({@code through:Junction} for many-to-many).
 */
final class RelationScanner {

    private RelationScanner() {
    }

    /**
     * @param property a bean property
     * @return whether it holds related records rather than a column: a model type or a list of one
     */
    static boolean isRelationProperty(BeanProperty<?, ?> property) {
        return BaseModel.class.isAssignableFrom(property.getType()) || elementModel(property) != null;
    }

    static List<RelationDeclaration> scan(BeanIntrospection<?> introspection, String model) {
        List<RelationDeclaration> declarations = new ArrayList<>();
        for (BeanProperty<?, ?> property : introspection.getBeanProperties()) {
            if (ModelDescriptorFactory.isRemoved(property)) {
                continue;
            }
            RelationDeclaration declaration = declaration(model, property);
            if (declaration != null) {
                declarations.add(declaration);
            }
        }
        return declarations;
    }

    private static RelationDeclaration declaration(String model, BeanProperty<?, ?> property) {
        String name = property.getName();
        String column = Naming.snakeCase(name);
        Class<?> type = property.getType();
        ParsedDirectives parsed = ParsedDirectives.parseQuietly(
            property.getAnnotationMetadata().stringValue(Fx.class).orElse(null));
        if (BaseModel.class.isAssignableFrom(type)) {
            return new RelationDeclaration(RelationDeclaration.Form.COMPANION, name, column, null, type, null);
        }
        Class<?> element = elementModel(property);
        if (element != null) {
            if (parsed.has(CoreDirectives.THROUGH)) {
                return new RelationDeclaration(RelationDeclaration.Form.MANY_TO_MANY, name, column,
                    parsed.value(CoreDirectives.THROUGH), element, null);
            }
            return new RelationDeclaration(RelationDeclaration.Form.HAS_MANY, name, column, null, element, null);
        }
        if (parsed.has(CoreDirectives.THROUGH)) {
            throw new FxConfigurationException("Model " + model + ", field " + column
                + ": through needs a List property of a model type");
        }
        ReferentialAction onDelete = parsed.has(CoreDirectives.ON_DELETE)
            ? action(model, column, parsed.value(CoreDirectives.ON_DELETE)) : null;
        if (parsed.has(CoreDirectives.RELATION)) {
            if (type != String.class) {
                throw new FxConfigurationException("Model " + model + ", field " + column
                    + ": relation needs a String key property, not " + type.getSimpleName());
            }
            String[] parts = parsed.value(CoreDirectives.RELATION).split(";");
            for (int i = 1; i < parts.length; i++) {
                String option = parts[i].trim();
                if (!option.startsWith("onDelete:")) {
                    throw new FxConfigurationException("Model " + model + ", field " + column + ": unknown relation "
                        + "option '" + option + "'; write relation:Name;onDelete:cascade|setNull|restrict|noAction");
                }
                onDelete = action(model, column, option.substring("onDelete:".length()).trim());
            }
            return new RelationDeclaration(RelationDeclaration.Form.EXPLICIT_KEY, name, column, parts[0].trim(), null,
                onDelete);
        }
        if (type == String.class && name.length() > 2 && name.endsWith("Id")) {
            String target = Character.toUpperCase(name.charAt(0)) + name.substring(1, name.length() - 2);
            return new RelationDeclaration(RelationDeclaration.Form.CONVENTION_KEY, name, column, target, null, onDelete);
        }
        if (onDelete != null) {
            throw new FxConfigurationException("Model " + model + ", field " + column
                + ": onDelete needs a relation key property (<Target>Id or relation:Name)");
        }
        return null;
    }

    private static ReferentialAction action(String model, String column, String token) {
        return ReferentialAction.fromToken(token).orElseThrow(() -> new FxConfigurationException("Model " + model
            + ", field " + column + ": onDelete:" + token + " is not one of cascade, setNull, restrict, noAction"));
    }

    private static Class<?> elementModel(BeanProperty<?, ?> property) {
        Class<?> type = property.getType();
        Class<?> element = null;
        if (type.isArray()) {
            element = type.getComponentType();
        } else if (FieldTypes.isCollection(type)) {
            element = property.asArgument().getFirstTypeVariable().map(Argument::getType).orElse(null);
        }
        return element != null && BaseModel.class.isAssignableFrom(element) ? element : null;
    }
}
