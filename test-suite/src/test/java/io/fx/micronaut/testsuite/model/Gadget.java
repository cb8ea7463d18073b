package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Write-rule test model: one property per directive, plus primitives and a Java enum. */
@FxModel
public class Gadget extends BaseModel {

    @Fx("required")
    private String name;
    @Fx("required, enum:tool|toy|gizmo")
    private String category;
    @Fx("min:1, max:10")
    private Integer quantity;
    @Fx("min:0.5, max:99.5")
    private Double price;
    @Fx("default:7")
    private Long stockLevel;
    @Fx("default:2.5")
    private Double weight;
    @Fx("default:true")
    private Boolean active;
    @Fx("default:blue")
    private String color;
    @Fx("readonly")
    private String serial;
    @Fx("immutable, unique")
    private String sku;
    @Fx("unique")
    private String skuLabel;
    @Fx("writeonly")
    private String pin;
    @Fx("hidden")
    private String secretNote;
    @Fx("json_array")
    private List<Object> tags;
    @Fx("json_object")
    private Map<String, Object> specs;
    @Fx("-")
    private String scratch;
    private GadgetSize size;
    private int rank;
    private double ratio;
    private boolean flagged;
    private Instant releasedAt;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getCategory() { return category; }
    public void setCategory(String category) { this.category = category; }
    public Integer getQuantity() { return quantity; }
    public void setQuantity(Integer quantity) { this.quantity = quantity; }
    public Double getPrice() { return price; }
    public void setPrice(Double price) { this.price = price; }
    public Long getStockLevel() { return stockLevel; }
    public void setStockLevel(Long stockLevel) { this.stockLevel = stockLevel; }
    public Double getWeight() { return weight; }
    public void setWeight(Double weight) { this.weight = weight; }
    public Boolean getActive() { return active; }
    public void setActive(Boolean active) { this.active = active; }
    public String getColor() { return color; }
    public void setColor(String color) { this.color = color; }
    public String getSerial() { return serial; }
    public void setSerial(String serial) { this.serial = serial; }
    public String getSku() { return sku; }
    public void setSku(String sku) { this.sku = sku; }
    public String getSkuLabel() { return skuLabel; }
    public void setSkuLabel(String skuLabel) { this.skuLabel = skuLabel; }
    public String getPin() { return pin; }
    public void setPin(String pin) { this.pin = pin; }
    public String getSecretNote() { return secretNote; }
    public void setSecretNote(String secretNote) { this.secretNote = secretNote; }
    public List<Object> getTags() { return tags; }
    public void setTags(List<Object> tags) { this.tags = tags; }
    public Map<String, Object> getSpecs() { return specs; }
    public void setSpecs(Map<String, Object> specs) { this.specs = specs; }
    public String getScratch() { return scratch; }
    public void setScratch(String scratch) { this.scratch = scratch; }
    public GadgetSize getSize() { return size; }
    public void setSize(GadgetSize size) { this.size = size; }
    public int getRank() { return rank; }
    public void setRank(int rank) { this.rank = rank; }
    public double getRatio() { return ratio; }
    public void setRatio(double ratio) { this.ratio = ratio; }
    public boolean isFlagged() { return flagged; }
    public void setFlagged(boolean flagged) { this.flagged = flagged; }
    public Instant getReleasedAt() { return releasedAt; }
    public void setReleasedAt(Instant releasedAt) { this.releasedAt = releasedAt; }
}
