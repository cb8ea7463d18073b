package io.fx.micronaut.validation;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.exception.ValidationViolation;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The validator on its own: casting, defaults, explicit nulls, rules and element types, without a server. */
class RecordValidatorTest {

    private static final ModelDescriptor ITEMS = ModelDescriptor.builder("Item", BaseModel.class, "items").fields(List.of(
        FieldDescriptor.builder("name", FieldType.STRING, String.class)
            .constraints(FieldConstraints.NONE.withRequired(true)).nullable(false).build(),
        FieldDescriptor.builder("status", FieldType.STRING, String.class).defaultValue("draft")
            .constraints(FieldConstraints.NONE.withEnumValues(List.of("draft", "live"))).build(),
        FieldDescriptor.builder("count", FieldType.INTEGER, int.class).nullable(false)
            .constraints(FieldConstraints.NONE.withBounds(0.0, 10.0)).build(),
        FieldDescriptor.builder("tags", FieldType.JSON_ARRAY, List.class).elementType(String.class).build(),
        FieldDescriptor.builder("refs", FieldType.JSON_ARRAY, List.class).elementType(UUID.class).build(),
        FieldDescriptor.builder("refsByName", FieldType.JSON_OBJECT, Map.class).elementType(UUID.class).build(),
        FieldDescriptor.builder("code", FieldType.STRING, String.class).immutable(true).build(),
        FieldDescriptor.builder("serial", FieldType.STRING, String.class).readonly(true).build()))
        .build();

    private static final RecordValidator VALIDATOR = new RecordValidator((FxConfiguration) Proxy.newProxyInstance(
        RecordValidatorTest.class.getClassLoader(), new Class<?>[] {FxConfiguration.class},
        (proxy, method, args) -> method.getName().equals("getMaxJsonDepth") ? 32 : null));

    private static Map<String, Object> body(Object... namesAndValues) {
        Map<String, Object> body = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            body.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return body;
    }

    private static String violations(Map<String, Object> body, boolean create) {
        FxException e = assertThrows(FxException.class, () -> VALIDATOR.validate(ITEMS, body, create));
        assertEquals(422, e.getStatus());
        @SuppressWarnings("unchecked")
        List<ValidationViolation> details = (List<ValidationViolation>) e.getDetails();
        return details.stream().map(v -> v.field() + ":" + v.rule()).sorted().collect(Collectors.joining(","));
    }

    @Test
    void aCreateGetsDefaultsAndZeroValuesAndDropsWhatIsNotWritable() {
        Map<String, Object> values = VALIDATOR.validate(ITEMS, body("name", "a", "serial", "x", "code", "c"), true);
        assertEquals("draft", values.get("status"));
        assertEquals(0L, values.get("count"));
        assertEquals("c", values.get("code"));
        assertFalse(values.containsKey("serial"));
    }

    @Test
    void anExplicitNullOnCreateIsAnAbsentField() {
        Map<String, Object> values = VALIDATOR.validate(ITEMS, body("name", "a", "status", null, "count", null), true);
        assertEquals("draft", values.get("status"));
        assertEquals(0L, values.get("count"));
        assertEquals("name:required", violations(body("name", null), true));
    }

    @Test
    void anUpdateTouchesOnlyWhatWasSentAndRefusesNullOnRequiredOrPrimitive() {
        assertEquals(Map.of("status", "live"), VALIDATOR.validate(ITEMS, body("status", "live", "code", "c"), false));
        assertEquals("count:not_null,name:required", violations(body("name", null, "count", null), false));
    }

    @Test
    void rulesAndTypesAreCheckedTogether() {
        assertEquals("count:max,status:enum,tags:type", violations(body("name", "a", "status", "gone", "count", 11,
            "tags", List.of("a", 1)), true));
        assertEquals("count:type,name:type", violations(body("name", 5, "count", new BigInteger("99999999999999999999")),
            true));
        assertEquals("count:type", violations(body("name", "a", "count", 2147483648L), true));
        assertEquals("count:type", violations(body("name", "a", "count", new java.math.BigDecimal("1e999")), true));
    }

    @Test
    void uuidElementsAreTakenInAnyCaseAndKeptInLowerCase() {
        String lower = "6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01";
        List<String> refs = List.of(lower);
        Map<String, Object> values = VALIDATOR.validate(ITEMS, body("name", "a", "refs", refs,
            "refsByName", Map.of("x", lower.toUpperCase())), true);
        assertSame(refs, values.get("refs"), "a list already in lower case is kept as it is");
        assertEquals(Map.of("x", lower), values.get("refsByName"));
        assertEquals(List.of(lower), VALIDATOR.validate(ITEMS, body("refs", List.of(lower.toUpperCase())), false).get("refs"));
        assertEquals("refs:type", violations(body("name", "a", "refs", List.of(lower.replace("-", ""))), true));
        assertEquals("refs:type", violations(body("name", "a", "refs", List.of("+" + lower.substring(1))), true),
            "a sign the JDK's UUID parser would take");
    }
}
