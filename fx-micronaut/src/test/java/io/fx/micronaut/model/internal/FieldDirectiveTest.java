package io.fx.micronaut.model.internal;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.config.QueryLimits;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.beans.BeanIntrospection;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The directive SPI: a contributed directive, applicability, conflicts, ordering and element types. The models
 * are introspected, not {@code @FxModel}: a registry started elsewhere in the same test run would discover them.
 */
class FieldDirectiveTest {

    static final AttributeKey<String> KEY_NAME = AttributeKey.of("test.key-name", String.class);

    /** A stand-in for the encryption module's directive. */
    static class Sealed implements FieldDirective {
        @Override
        @NonNull
        public String name() {
            return "sealed";
        }

        @Override
        public boolean takesValue() {
            return true;
        }

        @Override
        @NonNull
        public Set<FieldType> fieldTypes() {
            return Set.of(FieldType.STRING);
        }

        @Override
        @NonNull
        public Set<String> conflictsWith() {
            return Set.of("filterable", "sortable");
        }

        @Override
        @NonNull
        public Object parse(@NonNull String value, @NonNull DirectiveSite site) {
            if (!value.matches("[a-z]+")) {
                throw site.fail("sealed needs a key name of lower-case letters");
            }
            return value;
        }

        @Override
        public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
            field.attribute(KEY_NAME, (String) value);
        }
    }

    @Introspected
    public static class Vault extends BaseModel {
        private String secret;
        private List<Long> numbers;
        private Map<String, Boolean> flags;

        @Fx("sealed:primary, required")
        public String getSecret() {
            return secret;
        }

        public void setSecret(String secret) {
            this.secret = secret;
        }

        @Fx("json_array")
        public List<Long> getNumbers() {
            return numbers;
        }

        public void setNumbers(List<Long> numbers) {
            this.numbers = numbers;
        }

        @Fx("json_object")
        public Map<String, Boolean> getFlags() {
            return flags;
        }

        public void setFlags(Map<String, Boolean> flags) {
            this.flags = flags;
        }
    }

    @Introspected
    public static class SealedAndFiltered extends BaseModel {
        private String secret;

        @Fx("sealed:primary, filterable")
        public String getSecret() {
            return secret;
        }

        public void setSecret(String secret) {
            this.secret = secret;
        }
    }

    @Introspected
    public static class SealedNumber extends BaseModel {
        private long pin;

        @Fx("sealed:primary")
        public long getPin() {
            return pin;
        }

        public void setPin(long pin) {
            this.pin = pin;
        }
    }

    @Introspected
    public static class BadDefault extends BaseModel {
        private String status;

        @Fx("default:gone, enum:draft|published")
        public String getStatus() {
            return status;
        }

        public void setStatus(String status) {
            this.status = status;
        }
    }

    private static ModelDescriptor describe(Class<?> type, List<FieldDirective> contributed) {
        BeanIntrospection<?> introspection = BeanIntrospection.getIntrospection(type);
        return new ModelDescriptorFactory(QueryLimits.DEFAULTS, true, contributed)
            .create(introspection, ModelOptions.defaults());
    }

    @Test
    void aContributedDirectiveStoresItsAttributeOnTheField() {
        ModelDescriptor vault = describe(Vault.class, List.of(new Sealed()));
        FieldDescriptor secret = vault.findField("secret").orElseThrow();
        assertEquals("primary", secret.attribute(KEY_NAME).orElseThrow());
        assertTrue(secret.constraints().required());
        assertFalse(secret.nullable());
        assertFalse(vault.findField("numbers").orElseThrow().attribute(KEY_NAME).isPresent());
    }

    @Test
    void withoutTheModuleTheDirectiveIsUnknown() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class, () -> describe(Vault.class, List.of()));
        assertTrue(e.getMessage().contains("Model Vault, field secret: unknown directive 'sealed'"), e.getMessage());
    }

    @Test
    void conflictingDirectivesFailNamingModelFieldAndBoth() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> describe(SealedAndFiltered.class, List.of(new Sealed())));
        assertEquals("Model SealedAndFiltered, field secret: directives 'sealed' and 'filterable' cannot be combined",
            e.getMessage());
    }

    @Test
    void aDirectiveOnAFieldTypeItDoesNotApplyToFails() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> describe(SealedNumber.class, List.of(new Sealed())));
        assertEquals("Model SealedNumber, field pin: directive 'sealed' applies to string fields, not integer",
            e.getMessage());
    }

    @Test
    void aValueParserFailureNamesTheField() {
        FieldDirective strict = new Sealed() {
            @Override
            @NonNull
            public Object parse(@NonNull String value, @NonNull DirectiveSite site) {
                throw site.fail("no keys today");
            }
        };
        FxConfigurationException e = assertThrows(FxConfigurationException.class, () -> describe(Vault.class, List.of(strict)));
        assertEquals("Model Vault, field secret: no keys today", e.getMessage());
    }

    @Test
    void aDefaultRunsAfterTheEnumItMustSatisfy() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> describe(BadDefault.class, List.of()));
        assertTrue(e.getMessage().startsWith("Model BadDefault, field status: "), e.getMessage());
    }

    @Test
    void jsonFieldsKnowTheirDeclaredElementType() {
        ModelDescriptor vault = describe(Vault.class, List.of(new Sealed()));
        assertEquals(FieldType.JSON_ARRAY, vault.findField("numbers").orElseThrow().type());
        assertEquals(Long.class, vault.findField("numbers").orElseThrow().elementType().orElseThrow());
        assertEquals(Boolean.class, vault.findField("flags").orElseThrow().elementType().orElseThrow());
    }

    @Test
    void twoDirectivesWithOneNameFailStartup() {
        FieldDirective clash = new Sealed() {
            @Override
            @NonNull
            public String name() {
                return "filterable";
            }
        };
        FxConfigurationException e = assertThrows(FxConfigurationException.class, () -> DirectiveCatalog.of(List.of(clash)));
        assertTrue(e.getMessage().startsWith("Two directives are named 'filterable'"), e.getMessage());
    }

    @Test
    void descriptorsAreRebuiltWithoutLosingAttributes() {
        FieldDescriptor secret = describe(Vault.class, List.of(new Sealed())).findField("secret").orElseThrow();
        FieldDescriptor copy = secret.toBuilder().filterable(true).build();
        assertEquals("primary", copy.attribute(KEY_NAME).orElseThrow());
        assertTrue(copy.filterable());
        assertEquals(secret, secret.toBuilder().build());
    }
}
