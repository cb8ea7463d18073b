package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Events test model: a write-only and a confidential (redacted) field, children that cascade and set null. */
@FxModel
public class Parcel extends BaseModel {

    @Fx("required, filterable")
    private String label;
    @Fx("writeonly")
    private String secret;
    @Fx("confidential")
    private String pin;
    private Integer weight;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
    public String getSecret() { return secret; }
    public void setSecret(String secret) { this.secret = secret; }
    public String getPin() { return pin; }
    public void setPin(String pin) { this.pin = pin; }
    public Integer getWeight() { return weight; }
    public void setWeight(Integer weight) { this.weight = weight; }
}
