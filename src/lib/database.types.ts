
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "public": {
          Tables: {
            "bom_items": {
                  Row: {
                    "consumption": number,"material_id": string,"product_id": string,"quantity": number,"user_id": string,"wastage_percent": number
                  }
                  ComputedFields: never
                  Insert: {
                    "consumption"?: never,"material_id": string,"product_id": string,"quantity": number,"user_id"?: string,"wastage_percent"?: number
                  }
                  Update: {
                    "consumption"?: never,"material_id"?: string,"product_id"?: string,"quantity"?: number,"user_id"?: string,"wastage_percent"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "bom_items_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "bom_items_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "bom_items_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"bom_subassemblies": {
                  Row: {
                    "product_id": string,"quantity": number,"subassembly_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "product_id": string,"quantity": number,"subassembly_id": string,"user_id"?: string
                  }
                  Update: {
                    "product_id"?: string,"quantity"?: number,"subassembly_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "bom_subassemblies_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "bom_subassemblies_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "bom_subassemblies_subassembly_id_user_id_fkey"
      columns: ["subassembly_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "bom_subassemblies_subassembly_id_user_id_fkey"
      columns: ["subassembly_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"business_profiles": {
                  Row: {
                    "address": string,"gstin": string,"invoice_prefix": string,"legal_name": string,"state_code": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "address": string,"gstin": string,"invoice_prefix": string,"legal_name": string,"state_code": string,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "address"?: string,"gstin"?: string,"invoice_prefix"?: string,"legal_name"?: string,"state_code"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"channel_settings": {
                  Row: {
                    "buffer_percent": number,"buffer_units": number,"platform": Database["public"]['Enums']["sales_platform"],"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "buffer_percent"?: number,"buffer_units"?: number,"platform": Database["public"]['Enums']["sales_platform"],"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "buffer_percent"?: number,"buffer_units"?: number,"platform"?: Database["public"]['Enums']["sales_platform"],"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"channel_stock_files": {
                  Row: {
                    "alias": string,"downloaded_at": string,"platform": Database["public"]['Enums']["sales_platform"],"quantity": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "alias": string,"downloaded_at"?: string,"platform": Database["public"]['Enums']["sales_platform"],"quantity": number,"user_id"?: string
                  }
                  Update: {
                    "alias"?: string,"downloaded_at"?: string,"platform"?: Database["public"]['Enums']["sales_platform"],"quantity"?: number,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"combo_components": {
                  Row: {
                    "combo_id": string,"component_id": string,"quantity": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "combo_id": string,"component_id": string,"quantity": number,"user_id"?: string
                  }
                  Update: {
                    "combo_id"?: string,"component_id"?: string,"quantity"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "combo_components_combo_id_user_id_fkey"
      columns: ["combo_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "combo_components_combo_id_user_id_fkey"
      columns: ["combo_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "combo_components_component_id_user_id_fkey"
      columns: ["component_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "combo_components_component_id_user_id_fkey"
      columns: ["component_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"credit_note_lines": {
                  Row: {
                    "cgst": number,"credit_note_id": string,"gst_rate": number,"id": string,"igst": number,"invoice_line_id": string,"line_number": number,"quantity": number | null,"sgst": number,"taxable_value": number,"total": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cgst": number,"credit_note_id": string,"gst_rate": number,"id"?: string,"igst": number,"invoice_line_id": string,"line_number": number,"quantity"?: number | null,"sgst": number,"taxable_value": number,"total": number,"user_id"?: string
                  }
                  Update: {
                    "cgst"?: number,"credit_note_id"?: string,"gst_rate"?: number,"id"?: string,"igst"?: number,"invoice_line_id"?: string,"line_number"?: number,"quantity"?: number | null,"sgst"?: number,"taxable_value"?: number,"total"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "credit_note_lines_credit_note_id_user_id_fkey"
      columns: ["credit_note_id","user_id"]
isOneToOne: false
      referencedRelation: "credit_notes"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "credit_note_lines_invoice_line_id_user_id_fkey"
      columns: ["invoice_line_id","user_id"]
isOneToOne: false
      referencedRelation: "invoice_lines"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"credit_notes": {
                  Row: {
                    "cgst": number,"created_at": string,"financial_year": string,"id": string,"igst": number,"invoice_id": string,"note_date": string,"note_number": string,"reason": string | null,"serial": number,"sgst": number,"taxable_value": number,"total": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cgst": number,"created_at"?: string,"financial_year": string,"id"?: string,"igst": number,"invoice_id": string,"note_date": string,"note_number": string,"reason"?: string | null,"serial": number,"sgst": number,"taxable_value": number,"total": number,"user_id"?: string
                  }
                  Update: {
                    "cgst"?: number,"created_at"?: string,"financial_year"?: string,"id"?: string,"igst"?: number,"invoice_id"?: string,"note_date"?: string,"note_number"?: string,"reason"?: string | null,"serial"?: number,"sgst"?: number,"taxable_value"?: number,"total"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "credit_notes_invoice_id_user_id_fkey"
      columns: ["invoice_id","user_id"]
isOneToOne: false
      referencedRelation: "invoices"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"customer_payment_allocations": {
                  Row: {
                    "amount": number,"id": string,"invoice_id": string | null,"payment_id": string,"sales_order_id": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"id"?: string,"invoice_id"?: string | null,"payment_id": string,"sales_order_id"?: string | null,"user_id"?: string
                  }
                  Update: {
                    "amount"?: number,"id"?: string,"invoice_id"?: string | null,"payment_id"?: string,"sales_order_id"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "customer_payment_allocations_invoice_id_fkey"
      columns: ["invoice_id","user_id"]
isOneToOne: false
      referencedRelation: "invoices"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "customer_payment_allocations_payment_id_fkey"
      columns: ["payment_id","user_id"]
isOneToOne: false
      referencedRelation: "customer_payments"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "customer_payment_allocations_sales_order_id_fkey"
      columns: ["sales_order_id"]
isOneToOne: false
      referencedRelation: "sales_orders"
      referencedColumns: ["id"]
    }
                  ]
                },"customer_payments": {
                  Row: {
                    "amount": number,"created_at": string,"customer_id": string,"id": string,"mode": string,"paid_on": string,"reference": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"created_at"?: string,"customer_id": string,"id"?: string,"mode": string,"paid_on": string,"reference"?: string | null,"user_id"?: string
                  }
                  Update: {
                    "amount"?: number,"created_at"?: string,"customer_id"?: string,"id"?: string,"mode"?: string,"paid_on"?: string,"reference"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "customer_payments_customer_id_fkey"
      columns: ["customer_id","user_id"]
isOneToOne: false
      referencedRelation: "customers"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"customers": {
                  Row: {
                    "archived_at": string | null,"billing_address": string | null,"created_at": string,"credit_days": number,"email": string | null,"gstin": string | null,"id": string,"name": string,"phone": string | null,"shipping_address": string | null,"state_code": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "archived_at"?: string | null,"billing_address"?: string | null,"created_at"?: string,"credit_days"?: number,"email"?: string | null,"gstin"?: string | null,"id"?: string,"name": string,"phone"?: string | null,"shipping_address"?: string | null,"state_code": string,"user_id"?: string
                  }
                  Update: {
                    "archived_at"?: string | null,"billing_address"?: string | null,"created_at"?: string,"credit_days"?: number,"email"?: string | null,"gstin"?: string | null,"id"?: string,"name"?: string,"phone"?: string | null,"shipping_address"?: string | null,"state_code"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"delivery_challan_lines": {
                  Row: {
                    "delivery_challan_id": string,"description": string,"hsn_code": string | null,"id": string,"material_id": string | null,"position": number,"product_id": string | null,"quantity": number,"taxable_value": number | null,"unit": string,"unit_value": number | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "delivery_challan_id": string,"description": string,"hsn_code"?: string | null,"id"?: string,"material_id"?: string | null,"position": number,"product_id"?: string | null,"quantity": number,"taxable_value"?: number | null,"unit": string,"unit_value"?: number | null,"user_id"?: string
                  }
                  Update: {
                    "delivery_challan_id"?: string,"description"?: string,"hsn_code"?: string | null,"id"?: string,"material_id"?: string | null,"position"?: number,"product_id"?: string | null,"quantity"?: number,"taxable_value"?: number | null,"unit"?: string,"unit_value"?: number | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "delivery_challan_lines_delivery_challan_id_user_id_fkey"
      columns: ["delivery_challan_id","user_id"]
isOneToOne: false
      referencedRelation: "delivery_challans"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "delivery_challan_lines_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "delivery_challan_lines_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "delivery_challan_lines_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"delivery_challans": {
                  Row: {
                    "challan_date": string,"challan_number": string,"consignee_address": string | null,"consignee_gstin": string | null,"consignee_name": string,"consignor_address": string,"consignor_gstin": string,"consignor_name": string,"consignor_state_code": string,"created_at": string,"financial_year": string,"from_location_id": string,"from_location_name": string,"id": string,"needs_eway_bill": boolean | null,"place_of_supply": string,"purpose": string,"serial": number,"taxable_value": number | null,"to_location_id": string,"to_location_name": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "challan_date": string,"challan_number": string,"consignee_address"?: string | null,"consignee_gstin"?: string | null,"consignee_name": string,"consignor_address": string,"consignor_gstin": string,"consignor_name": string,"consignor_state_code": string,"created_at"?: string,"financial_year": string,"from_location_id": string,"from_location_name": string,"id"?: string,"needs_eway_bill"?: never,"place_of_supply": string,"purpose": string,"serial": number,"taxable_value"?: number | null,"to_location_id": string,"to_location_name": string,"user_id"?: string
                  }
                  Update: {
                    "challan_date"?: string,"challan_number"?: string,"consignee_address"?: string | null,"consignee_gstin"?: string | null,"consignee_name"?: string,"consignor_address"?: string,"consignor_gstin"?: string,"consignor_name"?: string,"consignor_state_code"?: string,"created_at"?: string,"financial_year"?: string,"from_location_id"?: string,"from_location_name"?: string,"id"?: string,"needs_eway_bill"?: never,"place_of_supply"?: string,"purpose"?: string,"serial"?: number,"taxable_value"?: number | null,"to_location_id"?: string,"to_location_name"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "delivery_challans_from_location_id_user_id_fkey"
      columns: ["from_location_id","user_id"]
isOneToOne: false
      referencedRelation: "locations"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "delivery_challans_to_location_id_user_id_fkey"
      columns: ["to_location_id","user_id"]
isOneToOne: false
      referencedRelation: "locations"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"invoice_lines": {
                  Row: {
                    "cgst": number,"description": string,"gst_rate": number,"hsn_code": string | null,"id": string,"igst": number,"invoice_id": string,"line_number": number,"product_id": string,"quantity": number,"sales_order_id": string,"sgst": number,"taxable_value": number,"total": number,"unit_price": number,"uqc": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cgst": number,"description": string,"gst_rate": number,"hsn_code"?: string | null,"id"?: string,"igst": number,"invoice_id": string,"line_number": number,"product_id": string,"quantity": number,"sales_order_id": string,"sgst": number,"taxable_value": number,"total": number,"unit_price": number,"uqc"?: string,"user_id"?: string
                  }
                  Update: {
                    "cgst"?: number,"description"?: string,"gst_rate"?: number,"hsn_code"?: string | null,"id"?: string,"igst"?: number,"invoice_id"?: string,"line_number"?: number,"product_id"?: string,"quantity"?: number,"sales_order_id"?: string,"sgst"?: number,"taxable_value"?: number,"total"?: number,"unit_price"?: number,"uqc"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "invoice_lines_invoice_id_user_id_fkey"
      columns: ["invoice_id","user_id"]
isOneToOne: false
      referencedRelation: "invoices"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "invoice_lines_sales_order_id_fkey"
      columns: ["sales_order_id"]
isOneToOne: true
      referencedRelation: "sales_orders"
      referencedColumns: ["id"]
    }
                  ]
                },"invoices": {
                  Row: {
                    "buyer_address": string | null,"buyer_gstin": string | null,"buyer_name": string,"buyer_state_code": string,"cgst": number,"created_at": string,"customer_id": string | null,"financial_year": string,"id": string,"igst": number,"invoice_date": string,"invoice_number": string,"serial": number,"sgst": number,"supplier_address": string,"supplier_gstin": string,"supplier_legal_name": string,"supplier_state_code": string,"taxable_value": number,"total": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "buyer_address"?: string | null,"buyer_gstin"?: string | null,"buyer_name": string,"buyer_state_code": string,"cgst": number,"created_at"?: string,"customer_id"?: string | null,"financial_year": string,"id"?: string,"igst": number,"invoice_date": string,"invoice_number": string,"serial": number,"sgst": number,"supplier_address": string,"supplier_gstin": string,"supplier_legal_name": string,"supplier_state_code": string,"taxable_value": number,"total": number,"user_id"?: string
                  }
                  Update: {
                    "buyer_address"?: string | null,"buyer_gstin"?: string | null,"buyer_name"?: string,"buyer_state_code"?: string,"cgst"?: number,"created_at"?: string,"customer_id"?: string | null,"financial_year"?: string,"id"?: string,"igst"?: number,"invoice_date"?: string,"invoice_number"?: string,"serial"?: number,"sgst"?: number,"supplier_address"?: string,"supplier_gstin"?: string,"supplier_legal_name"?: string,"supplier_state_code"?: string,"taxable_value"?: number,"total"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "invoices_customer_id_fkey"
      columns: ["customer_id","user_id"]
isOneToOne: false
      referencedRelation: "customers"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"item_tax_backfills": {
                  Row: {
                    "orders_done": number,"orders_total": number,"product_id": string,"started_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "orders_done"?: number,"orders_total": number,"product_id": string,"started_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "orders_done"?: number,"orders_total"?: number,"product_id"?: string,"started_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "item_tax_backfills_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: true
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "item_tax_backfills_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: true
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"job_work_order_lines": {
                  Row: {
                    "consumed_quantity": number,"id": string,"job_work_order_id": string,"material_id": string | null,"per_unit": number,"position": number,"product_id": string | null,"sent_quantity": number,"unit_value": number | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "consumed_quantity"?: number,"id"?: string,"job_work_order_id": string,"material_id"?: string | null,"per_unit": number,"position": number,"product_id"?: string | null,"sent_quantity": number,"unit_value"?: number | null,"user_id"?: string
                  }
                  Update: {
                    "consumed_quantity"?: number,"id"?: string,"job_work_order_id"?: string,"material_id"?: string | null,"per_unit"?: number,"position"?: number,"product_id"?: string | null,"sent_quantity"?: number,"unit_value"?: number | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "job_work_order_lines_job_work_order_id_user_id_fkey"
      columns: ["job_work_order_id","user_id"]
isOneToOne: false
      referencedRelation: "job_work_orders"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "job_work_order_lines_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "job_work_order_lines_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "job_work_order_lines_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"job_work_orders": {
                  Row: {
                    "charge_rate": number,"charge_unit": string,"created_at": string,"delivery_challan_id": string,"expected_on": string | null,"from_location_id": string,"id": string,"job_worker_location_id": string,"lost_quantity": number,"material_id": string | null,"product_id": string | null,"received_quantity": number,"return_quantity": number,"sent_on": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "charge_rate": number,"charge_unit": string,"created_at"?: string,"delivery_challan_id": string,"expected_on"?: string | null,"from_location_id": string,"id"?: string,"job_worker_location_id": string,"lost_quantity"?: number,"material_id"?: string | null,"product_id"?: string | null,"received_quantity"?: number,"return_quantity": number,"sent_on": string,"user_id"?: string
                  }
                  Update: {
                    "charge_rate"?: number,"charge_unit"?: string,"created_at"?: string,"delivery_challan_id"?: string,"expected_on"?: string | null,"from_location_id"?: string,"id"?: string,"job_worker_location_id"?: string,"lost_quantity"?: number,"material_id"?: string | null,"product_id"?: string | null,"received_quantity"?: number,"return_quantity"?: number,"sent_on"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "job_work_orders_delivery_challan_id_user_id_fkey"
      columns: ["delivery_challan_id","user_id"]
isOneToOne: false
      referencedRelation: "delivery_challans"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "job_work_orders_from_location_id_user_id_fkey"
      columns: ["from_location_id","user_id"]
isOneToOne: false
      referencedRelation: "locations"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "job_work_orders_job_worker_location_id_user_id_fkey"
      columns: ["job_worker_location_id","user_id"]
isOneToOne: false
      referencedRelation: "locations"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "job_work_orders_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "job_work_orders_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "job_work_orders_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"job_work_receipts": {
                  Row: {
                    "charge": number,"created_at": string,"gst_paid": number,"gst_rate": number | null,"id": string,"inputs_value": number,"job_work_order_id": string,"location_id": string,"lost_quantity": number,"received_on": string,"received_quantity": number,"supplier_invoice_date": string | null,"supplier_invoice_number": string | null,"unit_cost": number | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "charge": number,"created_at"?: string,"gst_paid"?: number,"gst_rate"?: number | null,"id"?: string,"inputs_value": number,"job_work_order_id": string,"location_id": string,"lost_quantity": number,"received_on": string,"received_quantity": number,"supplier_invoice_date"?: string | null,"supplier_invoice_number"?: string | null,"unit_cost"?: number | null,"user_id"?: string
                  }
                  Update: {
                    "charge"?: number,"created_at"?: string,"gst_paid"?: number,"gst_rate"?: number | null,"id"?: string,"inputs_value"?: number,"job_work_order_id"?: string,"location_id"?: string,"lost_quantity"?: number,"received_on"?: string,"received_quantity"?: number,"supplier_invoice_date"?: string | null,"supplier_invoice_number"?: string | null,"unit_cost"?: number | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "job_work_receipts_job_work_order_id_user_id_fkey"
      columns: ["job_work_order_id","user_id"]
isOneToOne: false
      referencedRelation: "job_work_orders"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "job_work_receipts_location_id_user_id_fkey"
      columns: ["location_id","user_id"]
isOneToOne: false
      referencedRelation: "locations"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"location_stock": {
                  Row: {
                    "location_id": string,"material_id": string | null,"product_id": string | null,"quantity": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "location_id": string,"material_id"?: string | null,"product_id"?: string | null,"quantity": number,"user_id": string
                  }
                  Update: {
                    "location_id"?: string,"material_id"?: string | null,"product_id"?: string | null,"quantity"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "location_stock_location_id_user_id_fkey"
      columns: ["location_id","user_id"]
isOneToOne: false
      referencedRelation: "locations"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "location_stock_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "location_stock_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "location_stock_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"locations": {
                  Row: {
                    "address": string | null,"created_at": string,"gstin": string | null,"id": string,"is_main": boolean,"kind": Database["public"]['Enums']["location_kind"],"location_name": string,"supplier_id": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "address"?: string | null,"created_at"?: string,"gstin"?: string | null,"id"?: string,"is_main"?: boolean,"kind": Database["public"]['Enums']["location_kind"],"location_name": string,"supplier_id"?: string | null,"user_id"?: string
                  }
                  Update: {
                    "address"?: string | null,"created_at"?: string,"gstin"?: string | null,"id"?: string,"is_main"?: boolean,"kind"?: Database["public"]['Enums']["location_kind"],"location_name"?: string,"supplier_id"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "locations_supplier_id_user_id_fkey"
      columns: ["supplier_id","user_id"]
isOneToOne: false
      referencedRelation: "suppliers"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"manufacturing_orders": {
                  Row: {
                    "completion_date": string | null,"creation_date": string,"id": string,"location_id": string | null,"product_id": string,"product_name": string,"quantity_to_produce": number,"status": Database["public"]['Enums']["manufacturing_order_status"],"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "completion_date"?: string | null,"creation_date"?: string,"id"?: string,"location_id"?: string | null,"product_id": string,"product_name": string,"quantity_to_produce": number,"status"?: Database["public"]['Enums']["manufacturing_order_status"],"user_id"?: string
                  }
                  Update: {
                    "completion_date"?: string | null,"creation_date"?: string,"id"?: string,"location_id"?: string | null,"product_id"?: string,"product_name"?: string,"quantity_to_produce"?: number,"status"?: Database["public"]['Enums']["manufacturing_order_status"],"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "manufacturing_orders_location_id_user_id_fkey"
      columns: ["location_id","user_id"]
isOneToOne: false
      referencedRelation: "locations"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "manufacturing_orders_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "manufacturing_orders_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"platform_fees": {
                  Row: {
                    "claim_window_days": number | null,"commission_percent": number,"fee_per_order": number,"operator_gstin": string | null,"payment_cycle_days": number,"platform": Database["public"]['Enums']["sales_platform"],"shipping_per_order": number,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "claim_window_days"?: number | null,"commission_percent"?: number,"fee_per_order"?: number,"operator_gstin"?: string | null,"payment_cycle_days"?: number,"platform": Database["public"]['Enums']["sales_platform"],"shipping_per_order"?: number,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "claim_window_days"?: number | null,"commission_percent"?: number,"fee_per_order"?: number,"operator_gstin"?: string | null,"payment_cycle_days"?: number,"platform"?: Database["public"]['Enums']["sales_platform"],"shipping_per_order"?: number,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"product_day_totals": {
                  Row: {
                    "day": string,"orders": number,"orders_without_cost": number,"product_id": string,"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost": number,"units": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "day": string,"orders": number,"orders_without_cost": number,"product_id": string,"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost": number,"units": number,"user_id": string
                  }
                  Update: {
                    "day"?: string,"orders"?: number,"orders_without_cost"?: number,"product_id"?: string,"profit"?: number,"revenue"?: number,"revenue_including_gst"?: number,"revenue_without_cost"?: number,"units"?: number,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"product_period_starts": {
                  Row: {
                    "from_day": string,"period": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "from_day": string,"period": string,"user_id": string
                  }
                  Update: {
                    "from_day"?: string,"period"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"product_period_totals": {
                  Row: {
                    "orders": number,"orders_without_cost": number,"period": string,"product_id": string,"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost": number,"units": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "orders": number,"orders_without_cost": number,"period": string,"product_id": string,"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost": number,"units": number,"user_id": string
                  }
                  Update: {
                    "orders"?: number,"orders_without_cost"?: number,"period"?: string,"product_id"?: string,"profit"?: number,"revenue"?: number,"revenue_including_gst"?: number,"revenue_without_cost"?: number,"units"?: number,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"product_sales_totals": {
                  Row: {
                    "fees": number,"orders": number,"orders_without_cost": number,"product_id": string,"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost": number,"units": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "fees": number,"orders": number,"orders_without_cost"?: number,"product_id": string,"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost"?: number,"units": number,"user_id": string
                  }
                  Update: {
                    "fees"?: number,"orders"?: number,"orders_without_cost"?: number,"product_id"?: string,"profit"?: number,"revenue"?: number,"revenue_including_gst"?: number,"revenue_without_cost"?: number,"units"?: number,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"products": {
                  Row: {
                    "archived_at": string | null,"category": string | null,"created_at": string,"gst_rate": number | null,"gst_rate_rule": Json | null,"hsn_code": string | null,"id": string,"is_combo": boolean,"job_work_per_unit": number,"labour_per_unit": number,"lead_time_days": number | null,"low_stock": boolean,"overhead_per_run": number,"product_name": string,"purchase_cost": number | null,"reorder_point": number,"run_size": number,"safety_days": number | null,"sell_what_i_can_make": boolean,"selling_price": number,"sku": string,"stock_on_hand": number,"unit_of_measure": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "archived_at"?: string | null,"category"?: string | null,"created_at"?: string,"gst_rate"?: number | null,"gst_rate_rule"?: Json | null,"hsn_code"?: string | null,"id"?: string,"is_combo"?: boolean,"job_work_per_unit"?: number,"labour_per_unit"?: number,"lead_time_days"?: number | null,"low_stock"?: never,"overhead_per_run"?: number,"product_name": string,"purchase_cost"?: number | null,"reorder_point"?: number,"run_size"?: number,"safety_days"?: number | null,"sell_what_i_can_make"?: boolean,"selling_price": number,"sku": string,"stock_on_hand"?: number,"unit_of_measure"?: string,"user_id"?: string
                  }
                  Update: {
                    "archived_at"?: string | null,"category"?: string | null,"created_at"?: string,"gst_rate"?: number | null,"gst_rate_rule"?: Json | null,"hsn_code"?: string | null,"id"?: string,"is_combo"?: boolean,"job_work_per_unit"?: number,"labour_per_unit"?: number,"lead_time_days"?: number | null,"low_stock"?: never,"overhead_per_run"?: number,"product_name"?: string,"purchase_cost"?: number | null,"reorder_point"?: number,"run_size"?: number,"safety_days"?: number | null,"sell_what_i_can_make"?: boolean,"selling_price"?: number,"sku"?: string,"stock_on_hand"?: number,"unit_of_measure"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"purchase_order_lines": {
                  Row: {
                    "id": string,"line_number": number,"material_id": string,"purchase_order_id": string,"purchase_unit": string,"quantity": number,"received_quantity": number,"unit_price": number,"units_per_purchase_unit": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "id"?: string,"line_number": number,"material_id": string,"purchase_order_id": string,"purchase_unit": string,"quantity": number,"received_quantity"?: number,"unit_price": number,"units_per_purchase_unit": number,"user_id"?: string
                  }
                  Update: {
                    "id"?: string,"line_number"?: number,"material_id"?: string,"purchase_order_id"?: string,"purchase_unit"?: string,"quantity"?: number,"received_quantity"?: number,"unit_price"?: number,"units_per_purchase_unit"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "purchase_order_lines_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "purchase_order_lines_purchase_order_id_user_id_fkey"
      columns: ["purchase_order_id","user_id"]
isOneToOne: false
      referencedRelation: "purchase_orders"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"purchase_orders": {
                  Row: {
                    "closed_at": string | null,"created_at": string,"expected_date": string | null,"id": string,"note": string | null,"placed_at": string | null,"po_number": number,"status": Database["public"]['Enums']["purchase_order_status"],"supplier_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "closed_at"?: string | null,"created_at"?: string,"expected_date"?: string | null,"id"?: string,"note"?: string | null,"placed_at"?: string | null,"po_number": number,"status"?: Database["public"]['Enums']["purchase_order_status"],"supplier_id": string,"user_id"?: string
                  }
                  Update: {
                    "closed_at"?: string | null,"created_at"?: string,"expected_date"?: string | null,"id"?: string,"note"?: string | null,"placed_at"?: string | null,"po_number"?: number,"status"?: Database["public"]['Enums']["purchase_order_status"],"supplier_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "purchase_orders_supplier_id_user_id_fkey"
      columns: ["supplier_id","user_id"]
isOneToOne: false
      referencedRelation: "suppliers"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"purchase_units": {
                  Row: {
                    "id": string,"material_id": string,"minimum_order": number | null,"price_per_purchase_unit": number | null,"purchase_unit": string,"supplier_id": string,"units_per_purchase_unit": number,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "id"?: string,"material_id": string,"minimum_order"?: number | null,"price_per_purchase_unit"?: number | null,"purchase_unit": string,"supplier_id": string,"units_per_purchase_unit": number,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "id"?: string,"material_id"?: string,"minimum_order"?: number | null,"price_per_purchase_unit"?: number | null,"purchase_unit"?: string,"supplier_id"?: string,"units_per_purchase_unit"?: number,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "purchase_units_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "purchase_units_supplier_id_user_id_fkey"
      columns: ["supplier_id","user_id"]
isOneToOne: false
      referencedRelation: "suppliers"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"raw_materials": {
                  Row: {
                    "archived_at": string | null,"cost_per_unit": number,"created_at": string,"gst_rate": number | null,"gst_rate_rule": Json | null,"hsn_code": string | null,"id": string,"material_name": string,"reorder_point": number,"stock_level": number,"supplier": string | null,"supplier_id": string | null,"unit_of_measure": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "archived_at"?: string | null,"cost_per_unit"?: number,"created_at"?: string,"gst_rate"?: number | null,"gst_rate_rule"?: Json | null,"hsn_code"?: string | null,"id"?: string,"material_name": string,"reorder_point"?: number,"stock_level"?: number,"supplier"?: string | null,"supplier_id"?: string | null,"unit_of_measure"?: string,"user_id"?: string
                  }
                  Update: {
                    "archived_at"?: string | null,"cost_per_unit"?: number,"created_at"?: string,"gst_rate"?: number | null,"gst_rate_rule"?: Json | null,"hsn_code"?: string | null,"id"?: string,"material_name"?: string,"reorder_point"?: number,"stock_level"?: number,"supplier"?: string | null,"supplier_id"?: string | null,"unit_of_measure"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "raw_materials_supplier_fkey"
      columns: ["supplier_id","user_id","supplier"]
isOneToOne: false
      referencedRelation: "suppliers"
      referencedColumns: ["id","user_id","supplier_name"]
    }
                  ]
                },"return_claims": {
                  Row: {
                    "amount_reimbursed": number | null,"created_at": string,"deadline": string,"id": string,"reason": Database["public"]['Enums']["return_condition"],"sales_order_id": string,"sales_return_id": string,"status": Database["public"]['Enums']["return_claim_status"],"units": number,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount_reimbursed"?: number | null,"created_at"?: string,"deadline": string,"id"?: string,"reason": Database["public"]['Enums']["return_condition"],"sales_order_id": string,"sales_return_id": string,"status"?: Database["public"]['Enums']["return_claim_status"],"units": number,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "amount_reimbursed"?: number | null,"created_at"?: string,"deadline"?: string,"id"?: string,"reason"?: Database["public"]['Enums']["return_condition"],"sales_order_id"?: string,"sales_return_id"?: string,"status"?: Database["public"]['Enums']["return_claim_status"],"units"?: number,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "return_claims_sales_order_id_fkey"
      columns: ["sales_order_id"]
isOneToOne: false
      referencedRelation: "sales_orders"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_claims_sales_return_id_fkey"
      columns: ["sales_return_id"]
isOneToOne: false
      referencedRelation: "sales_returns"
      referencedColumns: ["id"]
    }
                  ]
                },"sales_day_totals": {
                  Row: {
                    "day": string,"fees": number,"orders": number,"orders_without_cost": number,"platform": Database["public"]['Enums']["sales_platform"],"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost": number,"units": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "day": string,"fees": number,"orders": number,"orders_without_cost"?: number,"platform": Database["public"]['Enums']["sales_platform"],"profit": number,"revenue": number,"revenue_including_gst": number,"revenue_without_cost"?: number,"units": number,"user_id": string
                  }
                  Update: {
                    "day"?: string,"fees"?: number,"orders"?: number,"orders_without_cost"?: number,"platform"?: Database["public"]['Enums']["sales_platform"],"profit"?: number,"revenue"?: number,"revenue_including_gst"?: number,"revenue_without_cost"?: number,"units"?: number,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"sales_figure_changes": {
                  Row: {
                    "day": string,"direction": number,"fees": number,"id": number,"platform": Database["public"]['Enums']["sales_platform"],"product_id": string,"profit_after_returns": number | null,"quantity": number,"refunded_amount": number,"refunded_taxable_value": number,"returned_quantity": number,"status": Database["public"]['Enums']["sales_order_status"],"taxable_value": number,"total_amount": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "day": string,"direction": number,"fees": number,"id"?: never,"platform": Database["public"]['Enums']["sales_platform"],"product_id": string,"profit_after_returns"?: number | null,"quantity": number,"refunded_amount": number,"refunded_taxable_value": number,"returned_quantity": number,"status": Database["public"]['Enums']["sales_order_status"],"taxable_value": number,"total_amount": number,"user_id": string
                  }
                  Update: {
                    "day"?: string,"direction"?: number,"fees"?: number,"id"?: never,"platform"?: Database["public"]['Enums']["sales_platform"],"product_id"?: string,"profit_after_returns"?: number | null,"quantity"?: number,"refunded_amount"?: number,"refunded_taxable_value"?: number,"returned_quantity"?: number,"status"?: Database["public"]['Enums']["sales_order_status"],"taxable_value"?: number,"total_amount"?: number,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"sales_order_counts": {
                  Row: {
                    "orders": number,"platform": Database["public"]['Enums']["sales_platform"],"status": Database["public"]['Enums']["sales_order_status"],"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "orders": number,"platform": Database["public"]['Enums']["sales_platform"],"status": Database["public"]['Enums']["sales_order_status"],"user_id": string
                  }
                  Update: {
                    "orders"?: number,"platform"?: Database["public"]['Enums']["sales_platform"],"status"?: Database["public"]['Enums']["sales_order_status"],"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"sales_orders": {
                  Row: {
                    "cgst": number,"customer_id": string | null,"external_order_id": string | null,"fees": number,"gst_rate": number | null,"hsn_code": string | null,"id": string,"igst": number,"operator_gstin": string | null,"order_date": string,"place_of_supply": string | null,"platform": Database["public"]['Enums']["sales_platform"],"product_id": string,"product_name": string,"profit": number | null,"profit_after_returns": number | null,"quantity": number,"refunded_amount": number | null,"refunded_taxable_value": number | null,"reimbursed": number,"restocked_quantity": number,"return_fees": number,"return_note": string | null,"returned_quantity": number,"sgst": number,"status": Database["public"]['Enums']["sales_order_status"],"taxable_value": number,"total_amount": number,"unit_cost": number | null,"unit_price": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cgst"?: number,"customer_id"?: string | null,"external_order_id"?: string | null,"fees"?: number,"gst_rate"?: number | null,"hsn_code"?: string | null,"id"?: string,"igst"?: number,"operator_gstin"?: string | null,"order_date"?: string,"place_of_supply"?: string | null,"platform"?: Database["public"]['Enums']["sales_platform"],"product_id": string,"product_name": string,"profit"?: never,"profit_after_returns"?: never,"quantity": number,"refunded_amount"?: never,"refunded_taxable_value"?: never,"reimbursed"?: number,"restocked_quantity"?: number,"return_fees"?: number,"return_note"?: string | null,"returned_quantity"?: number,"sgst"?: number,"status"?: Database["public"]['Enums']["sales_order_status"],"taxable_value": number,"total_amount": number,"unit_cost"?: number | null,"unit_price": number,"user_id"?: string
                  }
                  Update: {
                    "cgst"?: number,"customer_id"?: string | null,"external_order_id"?: string | null,"fees"?: number,"gst_rate"?: number | null,"hsn_code"?: string | null,"id"?: string,"igst"?: number,"operator_gstin"?: string | null,"order_date"?: string,"place_of_supply"?: string | null,"platform"?: Database["public"]['Enums']["sales_platform"],"product_id"?: string,"product_name"?: string,"profit"?: never,"profit_after_returns"?: never,"quantity"?: number,"refunded_amount"?: never,"refunded_taxable_value"?: never,"reimbursed"?: number,"restocked_quantity"?: number,"return_fees"?: number,"return_note"?: string | null,"returned_quantity"?: number,"sgst"?: number,"status"?: Database["public"]['Enums']["sales_order_status"],"taxable_value"?: number,"total_amount"?: number,"unit_cost"?: number | null,"unit_price"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "sales_orders_customer_id_fkey"
      columns: ["customer_id","user_id"]
isOneToOne: false
      referencedRelation: "customers"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "sales_orders_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "sales_orders_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"sales_returns": {
                  Row: {
                    "created_at": string,"damaged": number,"id": string,"imported_condition": Database["public"]['Enums']["return_condition"] | null,"kind": Database["public"]['Enums']["return_kind"],"missing": number,"note": string | null,"return_date": string,"return_fees": number,"sales_order_id": string,"sellable": number,"user_id": string,"wrong_item": number
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"damaged"?: number,"id"?: string,"imported_condition"?: Database["public"]['Enums']["return_condition"] | null,"kind": Database["public"]['Enums']["return_kind"],"missing"?: number,"note"?: string | null,"return_date": string,"return_fees"?: number,"sales_order_id": string,"sellable"?: number,"user_id": string,"wrong_item"?: number
                  }
                  Update: {
                    "created_at"?: string,"damaged"?: number,"id"?: string,"imported_condition"?: Database["public"]['Enums']["return_condition"] | null,"kind"?: Database["public"]['Enums']["return_kind"],"missing"?: number,"note"?: string | null,"return_date"?: string,"return_fees"?: number,"sales_order_id"?: string,"sellable"?: number,"user_id"?: string,"wrong_item"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "sales_returns_sales_order_id_fkey"
      columns: ["sales_order_id"]
isOneToOne: false
      referencedRelation: "sales_orders"
      referencedColumns: ["id"]
    }
                  ]
                },"settlement_lines": {
                  Row: {
                    "amount": number,"category": Database["public"]['Enums']["settlement_category"],"created_at": string,"description": string | null,"external_order_id": string | null,"id": string,"line_key": string,"platform": Database["public"]['Enums']["sales_platform"],"posted_date": string,"settlement_id": string,"sku": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"category": Database["public"]['Enums']["settlement_category"],"created_at"?: string,"description"?: string | null,"external_order_id"?: string | null,"id"?: string,"line_key": string,"platform": Database["public"]['Enums']["sales_platform"],"posted_date": string,"settlement_id": string,"sku"?: string | null,"user_id"?: string
                  }
                  Update: {
                    "amount"?: number,"category"?: Database["public"]['Enums']["settlement_category"],"created_at"?: string,"description"?: string | null,"external_order_id"?: string | null,"id"?: string,"line_key"?: string,"platform"?: Database["public"]['Enums']["sales_platform"],"posted_date"?: string,"settlement_id"?: string,"sku"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"shopify_connections": {
                  Row: {
                    "access_token": string,"location_id": string | null,"shop_domain": string,"token_last4": string,"token_set_at": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "access_token": string,"location_id"?: string | null,"shop_domain": string,"token_last4": string,"token_set_at"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "access_token"?: string,"location_id"?: string | null,"shop_domain"?: string,"token_last4"?: string,"token_set_at"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"sku_aliases": {
                  Row: {
                    "alias": string,"created_at": string,"id": string,"kind": string | null,"platform": Database["public"]['Enums']["sales_platform"],"product_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "alias": string,"created_at"?: string,"id"?: string,"kind"?: string | null,"platform": Database["public"]['Enums']["sales_platform"],"product_id": string,"user_id"?: string
                  }
                  Update: {
                    "alias"?: string,"created_at"?: string,"id"?: string,"kind"?: string | null,"platform"?: Database["public"]['Enums']["sales_platform"],"product_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "sku_aliases_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "sku_aliases_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"stock_movements": {
                  Row: {
                    "balance_after": number,"created_at": string,"delivery_challan_id": string | null,"gst_paid": number | null,"gst_rate": number | null,"id": number,"job_work_order_id": string | null,"location_id": string,"manufacturing_order_id": string | null,"material_id": string | null,"note": string | null,"product_id": string | null,"purchase_order_id": string | null,"purchase_value": number | null,"quantity": number,"reason": Database["public"]['Enums']["stock_movement_reason"],"sales_order_id": string | null,"supplier_invoice_date": string | null,"supplier_invoice_number": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "balance_after": number,"created_at"?: string,"delivery_challan_id"?: string | null,"gst_paid"?: number | null,"gst_rate"?: number | null,"id"?: never,"job_work_order_id"?: string | null,"location_id": string,"manufacturing_order_id"?: string | null,"material_id"?: string | null,"note"?: string | null,"product_id"?: string | null,"purchase_order_id"?: string | null,"purchase_value"?: number | null,"quantity": number,"reason": Database["public"]['Enums']["stock_movement_reason"],"sales_order_id"?: string | null,"supplier_invoice_date"?: string | null,"supplier_invoice_number"?: string | null,"user_id"?: string
                  }
                  Update: {
                    "balance_after"?: number,"created_at"?: string,"delivery_challan_id"?: string | null,"gst_paid"?: number | null,"gst_rate"?: number | null,"id"?: never,"job_work_order_id"?: string | null,"location_id"?: string,"manufacturing_order_id"?: string | null,"material_id"?: string | null,"note"?: string | null,"product_id"?: string | null,"purchase_order_id"?: string | null,"purchase_value"?: number | null,"quantity"?: number,"reason"?: Database["public"]['Enums']["stock_movement_reason"],"sales_order_id"?: string | null,"supplier_invoice_date"?: string | null,"supplier_invoice_number"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "stock_movements_delivery_challan_id_user_id_fkey"
      columns: ["delivery_challan_id","user_id"]
isOneToOne: false
      referencedRelation: "delivery_challans"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "stock_movements_job_work_order_id_user_id_fkey"
      columns: ["job_work_order_id","user_id"]
isOneToOne: false
      referencedRelation: "job_work_orders"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "stock_movements_manufacturing_order_id_fkey"
      columns: ["manufacturing_order_id"]
isOneToOne: false
      referencedRelation: "manufacturing_orders"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "stock_movements_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "stock_movements_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "stock_movements_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: false
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "stock_movements_purchase_order_id_user_id_fkey"
      columns: ["purchase_order_id","user_id"]
isOneToOne: false
      referencedRelation: "purchase_orders"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "stock_movements_sales_order_id_fkey"
      columns: ["sales_order_id"]
isOneToOne: false
      referencedRelation: "sales_orders"
      referencedColumns: ["id"]
    }
                  ]
                },"style_bom_items": {
                  Row: {
                    "by_option": string | null,"material_id": string,"position": number,"quantities": Json | null,"quantity": number | null,"style_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "by_option"?: string | null,"material_id": string,"position": number,"quantities"?: Json | null,"quantity"?: number | null,"style_id": string,"user_id"?: string
                  }
                  Update: {
                    "by_option"?: string | null,"material_id"?: string,"position"?: number,"quantities"?: Json | null,"quantity"?: number | null,"style_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "style_bom_items_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "style_bom_items_style_id_user_id_fkey"
      columns: ["style_id","user_id"]
isOneToOne: false
      referencedRelation: "styles"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"style_variants": {
                  Row: {
                    "option_values": (string)[],"product_id": string,"style_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "option_values": (string)[],"product_id": string,"style_id": string,"user_id"?: string
                  }
                  Update: {
                    "option_values"?: (string)[],"product_id"?: string,"style_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "style_variants_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: true
      referencedRelation: "product_unit_costs"
      referencedColumns: ["product_id","user_id"]
    },{
      foreignKeyName: "style_variants_product_id_user_id_fkey"
      columns: ["product_id","user_id"]
isOneToOne: true
      referencedRelation: "products"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "style_variants_style_id_user_id_fkey"
      columns: ["style_id","user_id"]
isOneToOne: false
      referencedRelation: "styles"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"styles": {
                  Row: {
                    "category": string | null,"created_at": string,"id": string,"options": NonNullable<Json>,"selling_price": number,"sku_prefix": string,"style_name": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "category"?: string | null,"created_at"?: string,"id"?: string,"options": NonNullable<Json>,"selling_price": number,"sku_prefix": string,"style_name": string,"user_id"?: string
                  }
                  Update: {
                    "category"?: string | null,"created_at"?: string,"id"?: string,"options"?: NonNullable<Json>,"selling_price"?: number,"sku_prefix"?: string,"style_name"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"supplier_payments": {
                  Row: {
                    "amount": number,"created_at": string,"id": string,"mode": string,"paid_on": string,"reference": string | null,"supplier_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"created_at"?: string,"id"?: string,"mode": string,"paid_on": string,"reference"?: string | null,"supplier_id": string,"user_id"?: string
                  }
                  Update: {
                    "amount"?: number,"created_at"?: string,"id"?: string,"mode"?: string,"paid_on"?: string,"reference"?: string | null,"supplier_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "supplier_payments_supplier_id_user_id_fkey"
      columns: ["supplier_id","user_id"]
isOneToOne: false
      referencedRelation: "suppliers"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"suppliers": {
                  Row: {
                    "contact": string | null,"created_at": string,"email": string | null,"gstin": string | null,"id": string,"lead_time_days": number | null,"notes": string | null,"payment_terms": string | null,"phone": string | null,"supplier_name": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "contact"?: string | null,"created_at"?: string,"email"?: string | null,"gstin"?: string | null,"id"?: string,"lead_time_days"?: number | null,"notes"?: string | null,"payment_terms"?: string | null,"phone"?: string | null,"supplier_name": string,"user_id"?: string
                  }
                  Update: {
                    "contact"?: string | null,"created_at"?: string,"email"?: string | null,"gstin"?: string | null,"id"?: string,"lead_time_days"?: number | null,"notes"?: string | null,"payment_terms"?: string | null,"phone"?: string | null,"supplier_name"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"tally_exported_vouchers": {
                  Row: {
                    "export_id": string,"from_date": string,"to_date": string,"user_id": string,"voucher_key": string
                  }
                  ComputedFields: never
                  Insert: {
                    "export_id": string,"from_date": string,"to_date": string,"user_id"?: string,"voucher_key": string
                  }
                  Update: {
                    "export_id"?: string,"from_date"?: string,"to_date"?: string,"user_id"?: string,"voucher_key"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "tally_exported_vouchers_export_id_user_id_fkey"
      columns: ["export_id","user_id"]
isOneToOne: false
      referencedRelation: "tally_exports"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"tally_exports": {
                  Row: {
                    "created_at": string,"from_date": string,"id": string,"include_exported": boolean,"to_date": string,"user_id": string,"vouchers": number
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"from_date": string,"id"?: string,"include_exported": boolean,"to_date": string,"user_id"?: string,"vouchers": number
                  }
                  Update: {
                    "created_at"?: string,"from_date"?: string,"id"?: string,"include_exported"?: boolean,"to_date"?: string,"user_id"?: string,"vouchers"?: number
                  }
                  Relationships: [
                    
                  ]
                },"website_order_refusals": {
                  Row: {
                    "id": string,"quantity": number | null,"reason": string,"received_at": string,"shop_order_id": string,"sku": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "id"?: string,"quantity"?: number | null,"reason": string,"received_at"?: string,"shop_order_id": string,"sku": string,"user_id": string
                  }
                  Update: {
                    "id"?: string,"quantity"?: number | null,"reason"?: string,"received_at"?: string,"shop_order_id"?: string,"sku"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"website_order_shipping": {
                  Row: {
                    "amount": number,"received_at": string,"shop_order_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"received_at"?: string,"shop_order_id": string,"user_id": string
                  }
                  Update: {
                    "amount"?: number,"received_at"?: string,"shop_order_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"website_webhooks": {
                  Row: {
                    "created_at": string,"endpoint_token": string,"secret_changed_at": string,"secret_source": string,"signing_secret": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"endpoint_token": string,"secret_changed_at"?: string,"secret_source": string,"signing_secret": string,"user_id"?: string
                  }
                  Update: {
                    "created_at"?: string,"endpoint_token"?: string,"secret_changed_at"?: string,"secret_source"?: string,"signing_secret"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                }
          }
          Views: {
            "materials_on_order": {
                  Row: {
                    "material_id": string,"quantity": number | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                           "material_id"?: string | null,"quantity"?: number | null,"user_id"?: string | null
                         }
                        Update: {
                           "material_id"?: string | null,"quantity"?: number | null,"user_id"?: string | null
                         }
                        Relationships: [
                    {
      foreignKeyName: "purchase_order_lines_material_id_user_id_fkey"
      columns: ["material_id","user_id"]
isOneToOne: false
      referencedRelation: "raw_materials"
      referencedColumns: ["id","user_id"]
    }
                  ]
                },"pending_sales_figures": {
                  Row: {
                    "day": string,"fees": number | null,"id": number,"orders": number | null,"orders_without_cost": number | null,"platform": Database["public"]['Enums']["sales_platform"],"product_id": string,"profit": number | null,"revenue": number | null,"revenue_including_gst": number | null,"revenue_without_cost": number | null,"status": Database["public"]['Enums']["sales_order_status"],"status_orders": number,"units": number | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                           "day"?: string | null,"fees"?: number | null,"id"?: number | null,"orders"?: number | null,"orders_without_cost"?: number | null,"platform"?: Database["public"]['Enums']["sales_platform"] | null,"product_id"?: string | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"status"?: Database["public"]['Enums']["sales_order_status"] | null,"status_orders"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Update: {
                           "day"?: string | null,"fees"?: number | null,"id"?: number | null,"orders"?: number | null,"orders_without_cost"?: number | null,"platform"?: Database["public"]['Enums']["sales_platform"] | null,"product_id"?: string | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"status"?: Database["public"]['Enums']["sales_order_status"] | null,"status_orders"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Relationships: [
                    
                  ]
                },"product_period_sales": {
                  Row: {
                    "adjusted": boolean | null,"orders": number | null,"orders_without_cost": number | null,"period": string | null,"product_id": string | null,"profit": number | null,"revenue": number | null,"revenue_including_gst": number | null,"revenue_without_cost": number | null,"units": number | null,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                           "adjusted"?: boolean | null,"orders"?: number | null,"orders_without_cost"?: number | null,"period"?: string | null,"product_id"?: string | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Update: {
                           "adjusted"?: boolean | null,"orders"?: number | null,"orders_without_cost"?: number | null,"period"?: string | null,"product_id"?: string | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Relationships: [
                    
                  ]
                },"product_unit_costs": {
                  Row: {
                    "cost_known": boolean | null,"job_work_cost": number | null,"labour_cost": number | null,"materials_cost": number | null,"overhead_cost": number | null,"product_id": string,"purchase_cost": number | null,"unit_cost": number | null,"user_id": string,"wastage_cost": number | null
                  }
                  ComputedFields: never
                  Insert: {
                           "cost_known"?: boolean | null,"job_work_cost"?: number | null,"labour_cost"?: number | null,"materials_cost"?: number | null,"overhead_cost"?: number | null,"product_id"?: string | null,"purchase_cost"?: number | null,"unit_cost"?: number | null,"user_id"?: string | null,"wastage_cost"?: number | null
                         }
                        Update: {
                           "cost_known"?: boolean | null,"job_work_cost"?: number | null,"labour_cost"?: number | null,"materials_cost"?: number | null,"overhead_cost"?: number | null,"product_id"?: string | null,"purchase_cost"?: number | null,"unit_cost"?: number | null,"user_id"?: string | null,"wastage_cost"?: number | null
                         }
                        Relationships: [
                    
                  ]
                },"sales_by_day": {
                  Row: {
                    "day": string | null,"fees": number | null,"orders": number | null,"orders_without_cost": number | null,"platform": Database["public"]['Enums']["sales_platform"] | null,"profit": number | null,"revenue": number | null,"revenue_including_gst": number | null,"revenue_without_cost": number | null,"units": number | null,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                           "day"?: string | null,"fees"?: number | null,"orders"?: number | null,"orders_without_cost"?: number | null,"platform"?: Database["public"]['Enums']["sales_platform"] | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Update: {
                           "day"?: string | null,"fees"?: number | null,"orders"?: number | null,"orders_without_cost"?: number | null,"platform"?: Database["public"]['Enums']["sales_platform"] | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Relationships: [
                    
                  ]
                },"sales_by_product": {
                  Row: {
                    "fees": number | null,"orders": number | null,"orders_without_cost": number | null,"product_id": string | null,"profit": number | null,"revenue": number | null,"revenue_including_gst": number | null,"revenue_without_cost": number | null,"units": number | null,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                           "fees"?: number | null,"orders"?: number | null,"orders_without_cost"?: number | null,"product_id"?: string | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Update: {
                           "fees"?: number | null,"orders"?: number | null,"orders_without_cost"?: number | null,"product_id"?: string | null,"profit"?: number | null,"revenue"?: number | null,"revenue_including_gst"?: number | null,"revenue_without_cost"?: number | null,"units"?: number | null,"user_id"?: string | null
                         }
                        Relationships: [
                    
                  ]
                },"sales_orders_by_status": {
                  Row: {
                    "orders": number | null,"platform": Database["public"]['Enums']["sales_platform"] | null,"status": Database["public"]['Enums']["sales_order_status"] | null,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                           "orders"?: number | null,"platform"?: Database["public"]['Enums']["sales_platform"] | null,"status"?: Database["public"]['Enums']["sales_order_status"] | null,"user_id"?: string | null
                         }
                        Update: {
                           "orders"?: number | null,"platform"?: Database["public"]['Enums']["sales_platform"] | null,"status"?: Database["public"]['Enums']["sales_order_status"] | null,"user_id"?: string | null
                         }
                        Relationships: [
                    
                  ]
                }
          }
          Functions: {
            "accept_reorder_point":
{ Args: { "product_id": string,"request_id"?: string }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"add_style_variants":
{ Args: { "bom"?: Json,"options": Json,"request_id"?: string,"style_id": string }; Returns: Json
                           },
"adjust_stock":
{ Args: { "counted"?: number,"material_id"?: string,"note"?: string,"product_id"?: string,"request_id"?: string }; Returns: {
              "balance_after": number,
"created_at": string,
"delivery_challan_id": string | null,
"gst_paid": number | null,
"gst_rate": number | null,
"id": number,
"job_work_order_id": string | null,
"location_id": string,
"manufacturing_order_id": string | null,
"material_id": string | null,
"note": string | null,
"product_id": string | null,
"purchase_order_id": string | null,
"purchase_value": number | null,
"quantity": number,
"reason": Database["public"]['Enums']["stock_movement_reason"],
"sales_order_id": string | null,
"supplier_invoice_date": string | null,
"supplier_invoice_number": string | null,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "stock_movements"
        isOneToOne: true
        isSetofReturn: false
      } },
"archive_customer":
{ Args: { "archived"?: boolean,"customer_id": string }; Returns: {
              "archived_at": string | null,
"billing_address": string | null,
"created_at": string,
"credit_days": number,
"email": string | null,
"gstin": string | null,
"id": string,
"name": string,
"phone": string | null,
"shipping_address": string | null,
"state_code": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "customers"
        isOneToOne: true
        isSetofReturn: false
      } },
"archive_item":
{ Args: { "archived"?: boolean,"material_id"?: string,"product_id"?: string }; Returns: undefined
                           },
"available_to_sell":
{ Args: { "platform": string }; Returns: Json
                           },
"available_to_sell_for_user":
{ Args: { "platform": string,"user_id": string }; Returns: Json
                           },
"cancel_manufacturing_order":
{ Args: { "order_id": string }; Returns: {
              "completion_date": string | null,
"creation_date": string,
"id": string,
"location_id": string | null,
"product_id": string,
"product_name": string,
"quantity_to_produce": number,
"status": Database["public"]['Enums']["manufacturing_order_status"],
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "manufacturing_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"cancel_purchase_order":
{ Args: { "po_id": string }; Returns: {
              "closed_at": string | null,
"created_at": string,
"expected_date": string | null,
"id": string,
"note": string | null,
"placed_at": string | null,
"po_number": number,
"status": Database["public"]['Enums']["purchase_order_status"],
"supplier_id": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "purchase_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"cancel_sales_order":
{ Args: { "order_id": string }; Returns: {
              "cgst": number,
"customer_id": string | null,
"external_order_id": string | null,
"fees": number,
"gst_rate": number | null,
"hsn_code": string | null,
"id": string,
"igst": number,
"operator_gstin": string | null,
"order_date": string,
"place_of_supply": string | null,
"platform": Database["public"]['Enums']["sales_platform"],
"product_id": string,
"product_name": string,
"profit": number | null,
"profit_after_returns": number | null,
"quantity": number,
"refunded_amount": number | null,
"refunded_taxable_value": number | null,
"reimbursed": number,
"restocked_quantity": number,
"return_fees": number,
"return_note": string | null,
"returned_quantity": number,
"sgst": number,
"status": Database["public"]['Enums']["sales_order_status"],
"taxable_value": number,
"total_amount": number,
"unit_cost": number | null,
"unit_price": number,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "sales_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"commit_production_plan":
{ Args: { "plan": Json,"request_id"?: string }; Returns: (string)[]
                           },
"complete_production":
{ Args: { "order_id": string }; Returns: {
              "completion_date": string | null,
"creation_date": string,
"id": string,
"location_id": string | null,
"product_id": string,
"product_name": string,
"quantity_to_produce": number,
"status": Database["public"]['Enums']["manufacturing_order_status"],
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "manufacturing_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"continue_item_tax_backfill":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"create_combo":
{ Args: { "category": string,"components": Json,"product_name": string,"request_id"?: string,"selling_price": number,"sku": string }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_credit_note":
{ Args: { "invoice_id": string,"lines": Json,"reason"?: string,"request_id"?: string }; Returns: Json
                           },
"create_customer":
{ Args: { "billing_address"?: string,"credit_days"?: number,"email"?: string,"gstin"?: string,"name": string,"phone"?: string,"request_id"?: string,"shipping_address"?: string,"state_code"?: string }; Returns: {
              "archived_at": string | null,
"billing_address": string | null,
"created_at": string,
"credit_days": number,
"email": string | null,
"gstin": string | null,
"id": string,
"name": string,
"phone": string | null,
"shipping_address": string | null,
"state_code": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "customers"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_invoice":
{ Args: { "buyer_address"?: string,"buyer_gstin"?: string,"buyer_name"?: string,"buyer_state_code"?: string,"customer_id"?: string,"invoice_date"?: string,"order_ids": (string)[],"request_id"?: string }; Returns: Json
                           },
"create_location":
{ Args: { "address"?: string,"gstin"?: string,"kind": string,"name": string,"request_id"?: string,"supplier_id"?: string }; Returns: {
              "address": string | null,
"created_at": string,
"gstin": string | null,
"id": string,
"is_main": boolean,
"kind": Database["public"]['Enums']["location_kind"],
"location_name": string,
"supplier_id": string | null,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "locations"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_product":
{ Args: { "bom"?: Json,"category"?: string,"costs"?: Json,"product_name": string,"reorder_point"?: number,"request_id"?: string,"selling_price"?: number,"sku": string,"stock_on_hand"?: number,"unit_of_measure"?: string }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_purchase_order":
{ Args: { "expected_date"?: string,"lines": Json,"note"?: string,"request_id"?: string,"supplier_id": string }; Returns: Json
                           },
"create_raw_material":
{ Args: { "cost_per_unit"?: number,"material_name": string,"reorder_point"?: number,"request_id"?: string,"stock_level"?: number,"supplier"?: string,"unit_of_measure"?: string }; Returns: {
              "archived_at": string | null,
"cost_per_unit": number,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"material_name": string,
"reorder_point": number,
"stock_level": number,
"supplier": string | null,
"supplier_id": string | null,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "raw_materials"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_style":
{ Args: { "bom"?: Json,"category": string,"options": Json,"request_id"?: string,"selling_price": number,"sku_prefix": string,"style_name": string }; Returns: Json
                           },
"create_suggested_purchase_orders":
{ Args: { "request_id"?: string }; Returns: Json
                           },
"create_supplier":
{ Args: { "contact"?: string,"email"?: string,"gstin"?: string,"lead_time_days"?: number,"notes"?: string,"payment_terms"?: string,"phone"?: string,"request_id"?: string,"supplier_name": string }; Returns: {
              "contact": string | null,
"created_at": string,
"email": string | null,
"gstin": string | null,
"id": string,
"lead_time_days": number | null,
"notes": string | null,
"payment_terms": string | null,
"phone": string | null,
"supplier_name": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "suppliers"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_website_webhook":
{ Args: Record<PropertyKey, never>; Returns: {
              "endpoint_token": string,"signing_secret": string
            }[]
                           },
"customer_dues":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"customer_statement":
{ Args: { "customer_id": string,"date_from": string,"date_to": string }; Returns: Json
                           },
"dashboard_panels":
{ Args: { "period": string }; Returns: Json
                           },
"dashboard_returns":
{ Args: { "period": string }; Returns: Json
                           },
"dashboard_summary":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"dashboard_top_styles":
{ Args: { "period": string }; Returns: Json
                           },
"dismiss_website_order_refusal":
{ Args: { "refusal_id": string }; Returns: undefined
                           },
"eway_bill_json":
{ Args: { "delivery_challan_ids": (string)[],"distance_km": number,"transport_mode": string,"vehicle_number": string }; Returns: string
                           },
"export_workspace":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"fulfil_sales_order":
{ Args: { "order_id": string }; Returns: {
              "cgst": number,
"customer_id": string | null,
"external_order_id": string | null,
"fees": number,
"gst_rate": number | null,
"hsn_code": string | null,
"id": string,
"igst": number,
"operator_gstin": string | null,
"order_date": string,
"place_of_supply": string | null,
"platform": Database["public"]['Enums']["sales_platform"],
"product_id": string,
"product_name": string,
"profit": number | null,
"profit_after_returns": number | null,
"quantity": number,
"refunded_amount": number | null,
"refunded_taxable_value": number | null,
"reimbursed": number,
"restocked_quantity": number,
"return_fees": number,
"return_note": string | null,
"returned_quantity": number,
"sgst": number,
"status": Database["public"]['Enums']["sales_order_status"],
"taxable_value": number,
"total_amount": number,
"unit_cost": number | null,
"unit_price": number,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "sales_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"fulfil_sales_orders":
{ Args: { "order_ids": (string)[] }; Returns: number
                           },
"get_credit_note":
{ Args: { "credit_note_id": string }; Returns: Json
                           },
"get_delivery_challan":
{ Args: { "delivery_challan_id": string }; Returns: Json
                           },
"get_invoice":
{ Args: { "invoice_id": string }; Returns: Json
                           },
"gst_states":
{ Args: Record<PropertyKey, never>; Returns: {
              "code": string,"name": string
            }[]
                           },
"gstr1_summary":
{ Args: { "month": string }; Returns: Json
                           },
"import_products":
{ Args: { "dry_run"?: boolean,"request_id"?: string,"rows": Json }; Returns: {
              "message": string,"row_number": number
            }[]
                           },
"import_raw_materials":
{ Args: { "dry_run"?: boolean,"request_id"?: string,"rows": Json }; Returns: {
              "message": string,"row_number": number
            }[]
                           },
"import_returns":
{ Args: { "lines": Json,"platform": string,"request_id"?: string }; Returns: Json
                           },
"import_sales_orders":
{ Args: { "lines": Json,"platform": string,"request_id"?: string }; Returns: Json
                           },
"import_settlement":
{ Args: { "lines": Json,"platform": string,"request_id"?: string }; Returns: Json
                           },
"input_tax":
{ Args: { "month": string }; Returns: Json
                           },
"itc04":
{ Args: { "from_date": string,"to_date": string }; Returns: Json
                           },
"job_work_orders_list":
{ Args: Record<PropertyKey, never>; Returns: {
              "age_days": number,"challan_number": string,"charge_rate": number,"charge_unit": string,"charges": number,"delivery_challan_id": string,"due_quantity": number,"expected_on": string,"job_work_order_id": string,"job_worker_location_id": string,"job_worker_name": string,"lost_quantity": number,"received_quantity": number,"return_by": string,"return_in_pieces": boolean,"return_item": string,"return_quantity": number,"return_unit": string,"sent_on": string,"supplier_id": string,"warning": boolean,"with_them": Json
            }[]
                           },
"job_work_pending":
{ Args: Record<PropertyKey, never>; Returns: {
              "age_days": number,"charges": number,"due_back": Json,"job_worker_location_id": string,"job_worker_name": string,"oldest_sent_on": string,"open_orders": number,"return_by": string,"supplier_id": string,"warning": boolean,"with_them": Json
            }[]
                           },
"list_credit_notes":
{ Args: { "date_from"?: string,"date_to"?: string,"page_offset"?: number,"page_size"?: number,"search"?: string }; Returns: Json
                           },
"list_invoices":
{ Args: { "date_from"?: string,"date_to"?: string,"page_offset"?: number,"page_size"?: number,"search"?: string }; Returns: Json
                           },
"list_products":
{ Args: { "ascending"?: boolean,"include_archived"?: boolean,"low_stock_only"?: boolean,"page_offset"?: number,"page_size"?: number,"search"?: string,"sort_by"?: string }; Returns: Json
                           },
"list_purchase_orders":
{ Args: { "late_only"?: boolean,"page_offset"?: number,"page_size"?: number,"search"?: string,"status"?: string }; Returns: Json
                           },
"list_raw_materials":
{ Args: { "ascending"?: boolean,"include_archived"?: boolean,"low_stock_only"?: boolean,"page_offset"?: number,"page_size"?: number,"search"?: string,"sort_by"?: string }; Returns: Json
                           },
"list_reconciliation":
{ Args: { "ascending"?: boolean,"date_from"?: string,"date_to"?: string,"page_offset"?: number,"page_size"?: number,"platform"?: Database["public"]['Enums']["sales_platform"],"sort_by"?: string,"status"?: string }; Returns: Json
                           },
"list_sales_orders":
{ Args: { "ascending"?: boolean,"date_from"?: string,"date_to"?: string,"page_offset"?: number,"page_size"?: number,"platform"?: Database["public"]['Enums']["sales_platform"],"search"?: string,"sort_by"?: string,"status"?: Database["public"]['Enums']["sales_order_status"] }; Returns: Json
                           },
"list_styles":
{ Args: { "page_offset"?: number,"page_size"?: number,"search"?: string,"style_id"?: string }; Returns: Json
                           },
"list_unmatched_settlement_lines":
{ Args: { "page_offset"?: number,"page_size"?: number,"platform"?: Database["public"]['Enums']["sales_platform"] }; Returns: Json
                           },
"log_sale":
{ Args: { "customer_id"?: string,"location_id"?: string,"order_date"?: string,"order_id"?: string,"platform"?: string,"product_id": string,"quantity": number,"request_id"?: string,"unit_price"?: number }; Returns: {
              "cgst": number,
"customer_id": string | null,
"external_order_id": string | null,
"fees": number,
"gst_rate": number | null,
"hsn_code": string | null,
"id": string,
"igst": number,
"operator_gstin": string | null,
"order_date": string,
"place_of_supply": string | null,
"platform": Database["public"]['Enums']["sales_platform"],
"product_id": string,
"product_name": string,
"profit": number | null,
"profit_after_returns": number | null,
"quantity": number,
"refunded_amount": number | null,
"refunded_taxable_value": number | null,
"reimbursed": number,
"restocked_quantity": number,
"return_fees": number,
"return_note": string | null,
"returned_quantity": number,
"sgst": number,
"status": Database["public"]['Enums']["sales_order_status"],
"taxable_value": number,
"total_amount": number,
"unit_cost": number | null,
"unit_price": number,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "sales_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"order_payment_statuses":
{ Args: { "order_ids": (string)[] }; Returns: Json
                           },
"owner_report":
{ Args: { "report": string }; Returns: Json[]
                           },
"place_purchase_order":
{ Args: { "po_id": string }; Returns: {
              "closed_at": string | null,
"created_at": string,
"expected_date": string | null,
"id": string,
"note": string | null,
"placed_at": string | null,
"po_number": number,
"status": Database["public"]['Enums']["purchase_order_status"],
"supplier_id": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "purchase_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"plan_production":
{ Args: { "horizon_days"?: number,"targets"?: Json }; Returns: Json
                           },
"platform_claim_windows":
{ Args: Record<PropertyKey, never>; Returns: {
              "claim_window_days": number,"is_default": boolean,"platform": Database["public"]['Enums']["sales_platform"]
            }[]
                           },
"preview_returns_import":
{ Args: { "lines": Json,"platform": string }; Returns: Json
                           },
"preview_sales_orders_import":
{ Args: { "lines": Json,"platform": string }; Returns: Json
                           },
"preview_settlement_import":
{ Args: { "lines": Json,"platform": string }; Returns: Json
                           },
"product_costing":
{ Args: Record<PropertyKey, never>; Returns: {
              "bottleneck_material_id": string,"bottleneck_material_name": string,"bottleneck_product_id": string,"bottleneck_product_name": string,"cost_known": boolean,"job_work_cost": number,"labour_cost": number,"margin": number,"margin_percent": number,"materials_cost": number,"max_buildable": number,"overhead_cost": number,"price_before_gst": number,"product_id": string,"purchase_cost": number,"unit_cost": number,"wastage_cost": number
            }[]
                           },
"product_planning":
{ Args: { "product_ids"?: (string)[] }; Returns: {
              "days_left": number,"lead_time_days": number,"per_day_30": number,"per_day_7": number,"per_day_90": number,"product_id": string,"product_name": string,"reorder_point": number,"runs_out_on": string,"safety_days": number,"sku": string,"stock_on_hand": number,"suggested_reorder_point": number,"units_30": number,"units_7": number,"units_90": number
            }[]
                           },
"profit_leaks":
{ Args: { "period": string }; Returns: Json
                           },
"receive_job_work":
{ Args: { "gst_rate"?: number,"job_work_order_id": string,"location_id"?: string,"loss"?: number,"quantity_received": number,"request_id"?: string,"supplier_invoice_date"?: string,"supplier_invoice_number"?: string }; Returns: Json
                           },
"receive_material":
{ Args: { "gst_paid"?: number,"gst_rate"?: number,"location_id"?: string,"material_id": string,"note"?: string,"quantity": number,"request_id"?: string,"supplier_invoice_date"?: string,"supplier_invoice_number"?: string,"unit_cost"?: number }; Returns: {
              "archived_at": string | null,
"cost_per_unit": number,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"material_name": string,
"reorder_point": number,
"stock_level": number,
"supplier": string | null,
"supplier_id": string | null,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "raw_materials"
        isOneToOne: true
        isSetofReturn: false
      } },
"receive_purchase_order":
{ Args: { "lines": Json,"note"?: string,"po_id": string,"request_id"?: string,"supplier_invoice_date"?: string,"supplier_invoice_number"?: string }; Returns: Json
                           },
"receive_website_order":
{ Args: { "buyer_state"?: string,"endpoint_token": string,"lines": Json,"ordered_at": string,"shipping"?: number,"shop_order_id": string }; Returns: Json
                           },
"reconciliation_summary":
{ Args: { "period": string }; Returns: Json
                           },
"record_payment":
{ Args: { "allocations"?: Json,"amount": number,"customer_id": string,"mode": string,"paid_on": string,"reference"?: string,"request_id"?: string }; Returns: Json
                           },
"record_return":
{ Args: { "damaged"?: number,"kind": string,"missing"?: number,"note"?: string,"order_id": string,"request_id"?: string,"return_date"?: string,"return_fees"?: number,"sellable": number,"wrong_item"?: number }; Returns: {
              "created_at": string,
"damaged": number,
"id": string,
"imported_condition": Database["public"]['Enums']["return_condition"] | null,
"kind": Database["public"]['Enums']["return_kind"],
"missing": number,
"note": string | null,
"return_date": string,
"return_fees": number,
"sales_order_id": string,
"sellable": number,
"user_id": string,
"wrong_item": number
            }
                          SetofOptions: {
        from: "*"
        to: "sales_returns"
        isOneToOne: true
        isSetofReturn: false
      } },
"record_stock_file":
{ Args: { "platform": string,"request_id"?: string,"rows": Json }; Returns: Json
                           },
"record_supplier_payment":
{ Args: { "amount": number,"mode": string,"paid_on": string,"reference"?: string,"request_id"?: string,"supplier_id": string }; Returns: Json
                           },
"remove_shopify_connection":
{ Args: Record<PropertyKey, never>; Returns: undefined
                           },
"remove_sku_alias":
{ Args: { "alias_id": string }; Returns: undefined
                           },
"restore_workspace":
{ Args: { "content": string,"part": number,"parts": number,"request_id"?: string }; Returns: Json
                           },
"return_sales_order":
{ Args: { "note"?: string,"order_id": string,"request_id"?: string,"restock"?: boolean }; Returns: {
              "cgst": number,
"customer_id": string | null,
"external_order_id": string | null,
"fees": number,
"gst_rate": number | null,
"hsn_code": string | null,
"id": string,
"igst": number,
"operator_gstin": string | null,
"order_date": string,
"place_of_supply": string | null,
"platform": Database["public"]['Enums']["sales_platform"],
"product_id": string,
"product_name": string,
"profit": number | null,
"profit_after_returns": number | null,
"quantity": number,
"refunded_amount": number | null,
"refunded_taxable_value": number | null,
"reimbursed": number,
"restocked_quantity": number,
"return_fees": number,
"return_note": string | null,
"returned_quantity": number,
"sgst": number,
"status": Database["public"]['Enums']["sales_order_status"],
"taxable_value": number,
"total_amount": number,
"unit_cost": number | null,
"unit_price": number,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "sales_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"running_out_soon":
{ Args: { "max_rows"?: number }; Returns: {
              "days_left": number,"per_day_30": number,"product_id": string,"product_name": string,"runs_out_on": string,"sku": string,"stock_on_hand": number
            }[]
                           },
"send_job_work":
{ Args: { "charge_rate": number,"charge_unit"?: string,"expected_on"?: string,"from_location_id": string,"job_worker_location_id": string,"lines": Json,"request_id"?: string,"returns": Json }; Returns: Json
                           },
"set_business_profile":
{ Args: { "address": string,"gstin": string,"invoice_prefix": string,"legal_name": string,"state_code": string }; Returns: {
              "address": string,
"gstin": string,
"invoice_prefix": string,
"legal_name": string,
"state_code": string,
"updated_at": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "business_profiles"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_channel_buffer":
{ Args: { "buffer_percent"?: number,"buffer_units"?: number,"platform": string }; Returns: {
              "buffer_percent": number,
"buffer_units": number,
"platform": Database["public"]['Enums']["sales_platform"],
"updated_at": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "channel_settings"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_item_tax":
{ Args: { "gst_rate"?: number,"hsn_code"?: string,"material_id"?: string,"product_id"?: string,"rate_rule"?: Json,"style_id"?: string }; Returns: number
                           },
"set_operator_gstin":
{ Args: { "gstin"?: string,"platform": string }; Returns: Json
                           },
"set_place_of_supply":
{ Args: { "order_id": string,"state": string }; Returns: {
              "cgst": number,
"customer_id": string | null,
"external_order_id": string | null,
"fees": number,
"gst_rate": number | null,
"hsn_code": string | null,
"id": string,
"igst": number,
"operator_gstin": string | null,
"order_date": string,
"place_of_supply": string | null,
"platform": Database["public"]['Enums']["sales_platform"],
"product_id": string,
"product_name": string,
"profit": number | null,
"profit_after_returns": number | null,
"quantity": number,
"refunded_amount": number | null,
"refunded_taxable_value": number | null,
"reimbursed": number,
"restocked_quantity": number,
"return_fees": number,
"return_note": string | null,
"returned_quantity": number,
"sgst": number,
"status": Database["public"]['Enums']["sales_order_status"],
"taxable_value": number,
"total_amount": number,
"unit_cost": number | null,
"unit_price": number,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "sales_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_platform_fees":
{ Args: { "claim_window_days"?: number,"commission_percent": number,"fee_per_order": number,"payment_cycle_days"?: number,"platform": string,"shipping_per_order": number }; Returns: {
              "claim_window_days": number | null,
"commission_percent": number,
"fee_per_order": number,
"operator_gstin": string | null,
"payment_cycle_days": number,
"platform": Database["public"]['Enums']["sales_platform"],
"shipping_per_order": number,
"updated_at": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "platform_fees"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_product_costs":
{ Args: { "labour_per_unit": number,"overhead_per_run"?: number,"product_id": string,"purchase_cost"?: number,"run_size"?: number }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_product_planning":
{ Args: { "lead_time_days"?: number,"product_id": string,"safety_days"?: number }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_purchase_unit":
{ Args: { "material_id": string,"minimum_order"?: number,"price_per_purchase_unit"?: number,"purchase_unit": string,"supplier_id": string,"units_per_purchase_unit": number }; Returns: {
              "id": string,
"material_id": string,
"minimum_order": number | null,
"price_per_purchase_unit": number | null,
"purchase_unit": string,
"supplier_id": string,
"units_per_purchase_unit": number,
"updated_at": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "purchase_units"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_sell_what_i_can_make":
{ Args: { "product_id": string,"sell_what_i_can_make": boolean }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_shopify_connection":
{ Args: { "access_token": string,"location_id"?: string,"shop_domain": string }; Returns: undefined
                           },
"set_sku_alias":
{ Args: { "alias": string,"kind"?: string,"platform": string,"product_id": string }; Returns: {
              "alias": string,
"created_at": string,
"id": string,
"kind": string | null,
"platform": Database["public"]['Enums']["sales_platform"],
"product_id": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "sku_aliases"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_website_webhook_secret":
{ Args: { "signing_secret": string }; Returns: {
              "created_at": string,
"endpoint_token": string,
"secret_changed_at": string,
"secret_source": string,
"signing_secret": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "website_webhooks"
        isOneToOne: true
        isSetofReturn: false
      } },
"shopify_connection_status":
{ Args: Record<PropertyKey, never>; Returns: {
              "location_id": string,"shop_domain": string,"token_last4": string,"token_set_at": string
            }[]
                           },
"shopify_push_plan":
{ Args: { "for_user": string }; Returns: Json
                           },
"start_production":
{ Args: { "location_id"?: string,"product_id": string,"quantity_to_produce": number,"request_id"?: string }; Returns: {
              "completion_date": string | null,
"creation_date": string,
"id": string,
"location_id": string | null,
"product_id": string,
"product_name": string,
"quantity_to_produce": number,
"status": Database["public"]['Enums']["manufacturing_order_status"],
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "manufacturing_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"start_production_batch":
{ Args: { "request_id"?: string,"runs": Json }; Returns: (string)[]
                           },
"stock_by_location":
{ Args: Record<PropertyKey, never>; Returns: {
              "is_main": boolean,"item_name": string,"location_id": string,"location_kind": Database["public"]['Enums']["location_kind"],"location_name": string,"material_id": string,"product_id": string,"quantity": number,"unit": string
            }[]
                           },
"stock_sync":
{ Args: { "platform": string }; Returns: Json
                           },
"supplier_dues":
{ Args: Record<PropertyKey, never>; Returns: {
              "billed": number,"days_0_30": number,"days_31_60": number,"days_61_90": number,"due": number,"oldest_due_date": string,"over_90": number,"paid": number,"supplier_id": string,"supplier_name": string
            }[]
                           },
"tally_export":
{ Args: { "from_date": string,"include_exported"?: boolean,"to_date": string }; Returns: string
                           },
"transfer_stock":
{ Args: { "from_location_id": string,"lines": Json,"request_id"?: string,"to_location_id": string }; Returns: Json
                           },
"update_claim":
{ Args: { "amount_reimbursed"?: number,"claim_id": string,"status": string }; Returns: {
              "amount_reimbursed": number | null,
"created_at": string,
"deadline": string,
"id": string,
"reason": Database["public"]['Enums']["return_condition"],
"sales_order_id": string,
"sales_return_id": string,
"status": Database["public"]['Enums']["return_claim_status"],
"units": number,
"updated_at": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "return_claims"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_combo":
{ Args: { "category": string,"combo_id": string,"components": Json,"product_name": string,"selling_price": number,"sku": string }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_customer":
{ Args: { "billing_address"?: string,"credit_days"?: number,"customer_id": string,"email"?: string,"gstin"?: string,"name": string,"phone"?: string,"shipping_address"?: string,"state_code"?: string }; Returns: {
              "archived_at": string | null,
"billing_address": string | null,
"created_at": string,
"credit_days": number,
"email": string | null,
"gstin": string | null,
"id": string,
"name": string,
"phone": string | null,
"shipping_address": string | null,
"state_code": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "customers"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_product":
{ Args: { "bom"?: Json,"category": string,"costs"?: Json,"product_id": string,"product_name": string,"reorder_point": number,"selling_price": number,"sku": string,"unit_of_measure"?: string }; Returns: {
              "archived_at": string | null,
"category": string | null,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"is_combo": boolean,
"job_work_per_unit": number,
"labour_per_unit": number,
"lead_time_days": number | null,
"low_stock": boolean,
"overhead_per_run": number,
"product_name": string,
"purchase_cost": number | null,
"reorder_point": number,
"run_size": number,
"safety_days": number | null,
"sell_what_i_can_make": boolean,
"selling_price": number,
"sku": string,
"stock_on_hand": number,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "products"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_purchase_order":
{ Args: { "expected_date"?: string,"lines": Json,"note"?: string,"po_id": string,"supplier_id": string }; Returns: Json
                           },
"update_raw_material":
{ Args: { "cost_per_unit": number,"material_id": string,"material_name": string,"reorder_point": number,"supplier": string,"unit_of_measure": string }; Returns: {
              "archived_at": string | null,
"cost_per_unit": number,
"created_at": string,
"gst_rate": number | null,
"gst_rate_rule": Json | null,
"hsn_code": string | null,
"id": string,
"material_name": string,
"reorder_point": number,
"stock_level": number,
"supplier": string | null,
"supplier_id": string | null,
"unit_of_measure": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "raw_materials"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_style":
{ Args: { "bom"?: Json,"category": string,"style_id": string,"style_name": string }; Returns: {
              "category": string | null,
"created_at": string,
"id": string,
"options": NonNullable<Json>,
"selling_price": number,
"sku_prefix": string,
"style_name": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "styles"
        isOneToOne: true
        isSetofReturn: false
      } },
"update_supplier":
{ Args: { "contact"?: string,"email"?: string,"gstin"?: string,"lead_time_days"?: number,"notes"?: string,"payment_terms"?: string,"phone"?: string,"supplier_id": string,"supplier_name": string }; Returns: {
              "contact": string | null,
"created_at": string,
"email": string | null,
"gstin": string | null,
"id": string,
"lead_time_days": number | null,
"notes": string | null,
"payment_terms": string | null,
"phone": string | null,
"supplier_name": string,
"user_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "suppliers"
        isOneToOne: true
        isSetofReturn: false
      } },
"website_webhook_secret":
{ Args: { "endpoint_token": string }; Returns: string
                           },
"what_to_buy":
{ Args: Record<PropertyKey, never>; Returns: {
              "cost_per_unit": number,"estimated_cost": number,"material_id": string,"material_name": string,"on_order": number,"purchase_quantity": number,"purchase_unit": string,"reorder_point": number,"stock_level": number,"suggested_quantity": number,"supplier": string,"supplier_id": string,"unit_of_measure": string,"units_per_purchase_unit": number
            }[]
                           }
          }
          Enums: {
            "location_kind": "own"|"job_worker","manufacturing_order_status": "In Progress"|"Completed"|"Cancelled","purchase_order_status": "Draft"|"Ordered"|"Partially received"|"Received"|"Cancelled","return_claim_status": "Open"|"Filed"|"Approved"|"Rejected","return_condition": "sellable"|"damaged"|"wrong_item"|"missing","return_kind": "rto"|"customer_return","sales_order_status": "Unfulfilled"|"Fulfilled"|"Cancelled"|"Returned"|"Partially returned","sales_platform": "Flipkart"|"Myntra"|"Amazon"|"Meesho"|"Ajio"|"Brand Website"|"Other","settlement_category": "sale"|"commission"|"fixed_fee"|"collection_fee"|"shipping_fee"|"return_fee"|"tcs"|"tds"|"refund"|"reimbursement"|"other","stock_movement_reason": "opening_stock"|"sale"|"production_consumption"|"production_output"|"purchase_receipt"|"adjustment"|"sale_cancelled"|"sale_return"|"production_cancelled"|"transfer"|"job_work_sent"|"job_work_consumption"|"job_work_received"
          }
          CompositeTypes: {
            [_ in never]: never
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "public": {
          Enums: {
            "location_kind": ["own", "job_worker"],"manufacturing_order_status": ["In Progress", "Completed", "Cancelled"],"purchase_order_status": ["Draft", "Ordered", "Partially received", "Received", "Cancelled"],"return_claim_status": ["Open", "Filed", "Approved", "Rejected"],"return_condition": ["sellable", "damaged", "wrong_item", "missing"],"return_kind": ["rto", "customer_return"],"sales_order_status": ["Unfulfilled", "Fulfilled", "Cancelled", "Returned", "Partially returned"],"sales_platform": ["Flipkart", "Myntra", "Amazon", "Meesho", "Ajio", "Brand Website", "Other"],"settlement_category": ["sale", "commission", "fixed_fee", "collection_fee", "shipping_fee", "return_fee", "tcs", "tds", "refund", "reimbursement", "other"],"stock_movement_reason": ["opening_stock", "sale", "production_consumption", "production_output", "purchase_receipt", "adjustment", "sale_cancelled", "sale_return", "production_cancelled", "transfer", "job_work_sent", "job_work_consumption", "job_work_received"]
          }
        }
} as const
