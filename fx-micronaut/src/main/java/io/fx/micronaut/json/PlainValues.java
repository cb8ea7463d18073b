package io.fx.micronaut.json;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanIntrospector;
import io.micronaut.core.beans.BeanProperty;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns introspected beans and records (for example the framework's own
 * {@link io.fx.micronaut.exception.ValidationViolation} in error details) into ordered maps before
 * writing, so any {@link io.micronaut.json.JsonMapper} can write them: Micronaut Serialization
 * refuses a type that is merely {@code @Introspected}. Maps and lists are copied only when one of
 * their members changes.
 */
@Internal
final class PlainValues {

    private PlainValues() {
    }

    static Object of(Object value) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            return ofMap(map);
        }
        if (value instanceof List<?> list) {
            return ofList(list);
        }
        return ofBean(value);
    }

    private static Object ofMap(Map<?, ?> map) {
        Map<Object, Object> copy = null;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            Object plain = of(entry.getValue());
            if (plain != entry.getValue() && copy == null) {
                copy = new LinkedHashMap<>(map);
            }
            if (copy != null) {
                copy.put(entry.getKey(), plain);
            }
        }
        return copy == null ? map : copy;
    }

    private static Object ofList(List<?> list) {
        List<Object> copy = null;
        for (int i = 0; i < list.size(); i++) {
            Object item = list.get(i);
            Object plain = of(item);
            if (plain != item && copy == null) {
                copy = new ArrayList<>(list);
            }
            if (copy != null) {
                copy.set(i, plain);
            }
        }
        return copy == null ? list : copy;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object ofBean(Object value) {
        Optional<BeanIntrospection<Object>> introspection =
            BeanIntrospector.SHARED.findIntrospection((Class<Object>) value.getClass());
        if (introspection.isEmpty()) {
            return value;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (BeanProperty<Object, Object> property : introspection.get().getBeanProperties()) {
            if (!property.isWriteOnly()) {
                map.put(property.getName(), of(property.get(value)));
            }
        }
        return map;
    }
}
